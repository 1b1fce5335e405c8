import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import * as cheerio from 'cheerio';
import type { FamilyUpdates } from '../../src/features/family/family';
import { reservedFamilyState } from '../helpers/family';
import { puppyAdmin } from '../helpers/puppies';
import { type RunningServer, startServer } from '../helpers/server';

// Issue 28: the family's page shows "the updates for their puppy or its litter, newest first";
// an edited update keeps its place (its day is when it was posted). The litter's updates are
// another change's (updates to one litter's families): this file posts to the family.
let server: RunningServer;
before(async () => {
  server = await startServer({ env: { INQUIRY_RATE_LIMIT: 'off' } });
});
after(() => server?.stop());

test("the family's page lists their puppy's updates newest first; an edit keeps its place", async () => {
  const admin = await puppyAdmin(server.url, server.dataDir);
  const state = await reservedFamilyState(server.url, admin, {
    name: 'Order Family',
    email: 'order@example.com',
    message: 'Hello there, about Daisy',
  });
  const reservationId = state.money?.reservationId ?? '';
  const post = async (body: Record<string, unknown>) => {
    const res = await admin.send('POST', '/api/family-updates', { photos: [], ...body });
    assert.equal(res.status, 200, await res.clone().text());
    return ((await res.json()) as FamilyUpdates).updates[0]?.id ?? '';
  };
  const first = await post({ scope: 'family', reservationId, text: 'First: born today' });
  await post({ scope: 'family', reservationId, text: 'Second: two weeks old' });
  await post({ scope: 'family', reservationId, text: 'Third: eyes open' });
  const edited = await admin.send('PUT', `/api/family-updates/${first}`, {
    text: 'First: born today (edited)',
    photos: [],
  });
  assert.equal(edited.status, 200);

  const page = cheerio.load(await (await fetch(state.url ?? '')).text());
  const texts = page('.update')
    .map((_, el) => page(el).find('p.pre').first().text())
    .get();
  assert.deepEqual(texts, ['Third: eyes open', 'Second: two weeks old', 'First: born today (edited)']);
});
