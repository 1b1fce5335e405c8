/**
 * Litters (issue 27) over HTTP against the built server: a fresh install's one Born litter holding
 * the seeded puppies, the admin API's rules (401, cross-site 403, bad input 400 with nothing
 * changed, stale tabs 409, "Remove" refused with its reason), durable before the answer, a puppy
 * added inside its litter, and the families' litter on the waitlist.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { LitterList, LitterView } from '../../src/features/litters/litters';
import type { WaitlistEntry } from '../../src/shared/sales';
import { postInquiry, uniqueInquiry } from '../helpers/inquiries';
import { newPuppy, type PuppyClient, puppyAdmin } from '../helpers/puppies';
import { type RunningServer, startServer } from '../helpers/server';
import { suiteTempDirs } from '../helpers/suite';

const PLANNED = {
  name: 'Luna × Bentley',
  mother: 'Luna',
  father: 'Bentley',
  status: 'planned',
  expected: '2027-03',
  description: 'Cream and apricot puppies.',
  shown: true,
} as const;

describe('litters: the model, the admin API and its rules', () => {
  const tempDataDir = suiteTempDirs('litters-api');
  let server: RunningServer;
  let dataDir: string;
  let admin: PuppyClient;

  before(async () => {
    dataDir = await tempDataDir();
    server = await startServer({ dataDir, env: { INQUIRY_RATE_LIMIT: 'off' } });
    admin = await puppyAdmin(server.url, dataDir);
  });
  after(() => server?.stop());

  const list = async (): Promise<LitterView[]> =>
    ((await (await admin.send('GET', '/api/litters')).json()) as LitterList).litters;
  const stored = async () => JSON.parse(await readFile(path.join(dataDir, 'litters.json'), 'utf8'));
  const named = async (name: string) => {
    const litter = (await list()).find((item) => item.name === name);
    assert.ok(litter, `a litter ${name}`);
    return litter;
  };

  test('a fresh install: one Born litter, born February 9, 2025, holding every seeded puppy in page order', async () => {
    const litters = await list();
    const puppies = await admin.list();
    assert.equal(litters.length, 1);
    const [litter] = litters as [LitterView];
    assert.equal(litter.status, 'born');
    assert.equal(litter.born, '2025-02-09');
    assert.equal(litter.name, 'February 2025 litter');
    assert.deepEqual(
      litter.puppyIds,
      puppies.map((puppy) => puppy.id),
    );
    assert.deepEqual(litter.waitlist, []);
    const file = await stored();
    assert.equal(file.version, 1);
    assert.equal(Object.keys(file.puppies).length, puppies.length);
  });

  test('401 without a session, 403 from another site; nothing stored', async () => {
    const before = await readFile(path.join(dataDir, 'litters.json'), 'utf8');
    for (const [method, url, body] of [
      ['GET', '/api/litters', undefined],
      ['POST', '/api/litters', PLANNED],
      ['PUT', '/api/litters/litter-1', { ...PLANNED, version: 1 }],
      ['POST', '/api/litters/litter-1/past', { version: 1 }],
      ['DELETE', '/api/litters/litter-1', { version: 1 }],
    ] as const) {
      const anonymous = await fetch(`${server.url}${url}`, {
        method,
        headers: { 'Content-Type': 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
      });
      assert.equal(anonymous.status, 401, `${method} ${url}`);
      assert.equal(typeof (await anonymous.json()).message, 'string');
      const crossSite = await admin.send(method, url, body, {
        Origin: 'https://evil.example',
        'Sec-Fetch-Site': 'cross-site',
      });
      assert.equal(crossSite.status, 403, `${method} ${url}`);
    }
    assert.equal(await readFile(path.join(dataDir, 'litters.json'), 'utf8'), before);
  });

  test('bad input: 400 with a message and field errors, nothing changed', async () => {
    const before = await readFile(path.join(dataDir, 'litters.json'), 'utf8');
    const cases: [unknown, string][] = [
      [{ ...PLANNED, name: '  ' }, 'name'],
      [{ ...PLANNED, name: 'x'.repeat(61) }, 'name'],
      [{ ...PLANNED, expected: '2027-13' }, 'expected'],
      [{ ...PLANNED, status: 'past' }, 'status'],
      [{ ...PLANNED, description: 'x'.repeat(601) }, 'description'],
      [{ ...PLANNED, shown: 'yes' }, 'shown'],
      [{ ...PLANNED, extra: 1 }, 'form'],
      [{ ...PLANNED, status: 'born', born: '2025-02-30' }, 'born'],
      [{ ...PLANNED, status: 'born', born: '2999-01-01' }, 'born'],
      [{ ...PLANNED, name: 'february 2025 LITTER' }, 'name'],
      ['not an object', 'form'],
    ];
    for (const [body, field] of cases) {
      const res = await admin.send('POST', '/api/litters', body);
      assert.equal(res.status, 400, JSON.stringify(body));
      const answer = await res.json();
      assert.equal(typeof answer.message, 'string');
      assert.ok(
        answer.errors?.[field] ?? (field === 'form' && answer.message),
        `${field}: ${JSON.stringify(answer)}`,
      );
    }
    assert.equal(await readFile(path.join(dataDir, 'litters.json'), 'utf8'), before);
  });

  test('add a planned litter, edit it, a stale tab gets 409, mark it born; each on disk before the answer', async () => {
    const added = await admin.send('POST', '/api/litters', PLANNED);
    assert.equal(added.status, 201);
    const litter = await named(PLANNED.name);
    assert.equal(litter.status, 'planned');
    assert.equal((await stored()).litters.length, 2);
    assert.equal((await list())[0]?.name, PLANNED.name, 'planned litters first');

    const edited = await admin.send('PUT', `/api/litters/${litter.id}`, {
      ...PLANNED,
      status: undefined,
      description: '<script>alert(1)</script>',
      version: litter.version,
    });
    assert.equal(edited.status, 200);
    const stale = await admin.send('PUT', `/api/litters/${litter.id}`, {
      ...PLANNED,
      status: undefined,
      version: litter.version,
    });
    assert.equal(stale.status, 409);
    assert.match((await stale.json()).message, /another tab/);

    const now = await named(PLANNED.name);
    const future = await admin.send('POST', `/api/litters/${litter.id}/born`, {
      born: '2999-01-01',
      version: now.version,
    });
    assert.equal(future.status, 400);
    const born = await admin.send('POST', `/api/litters/${litter.id}/born`, {
      born: '2026-11-01',
      version: now.version,
    });
    assert.equal(born.status, 200);
    const after = (await stored()).litters.find((item: { id: string }) => item.id === litter.id);
    assert.equal(after.status, 'born');
    assert.equal(after.born, '2026-11-01');
    assert.equal(after.description, '<script>alert(1)</script>', 'kept as typed');
    const again = await admin.send('POST', `/api/litters/${litter.id}/born`, {
      born: '2026-11-01',
      version: after.version,
    });
    assert.equal(again.status, 409);
  });

  test('a puppy added inside a litter belongs to it; Remove is refused with the reason, then allowed once empty', async () => {
    const litter = await named(PLANNED.name);
    // A seeded puppy's photo: any stored photo will do.
    const photos = (await admin.list())[0]?.photos.slice(0, 1) ?? [];
    const created = await admin.send(
      'POST',
      `/api/litters/${litter.id}/puppies`,
      newPuppy('Willow', ...photos),
    );
    assert.equal(created.status, 201, await created.clone().text());
    const willow = await admin.find('Willow');
    const withPuppy = await named(PLANNED.name);
    assert.deepEqual(withPuppy.puppyIds, [willow.id]);
    assert.equal((await stored()).puppies[willow.id], litter.id);

    const refused = await admin.send('DELETE', `/api/litters/${litter.id}`, { version: withPuppy.version });
    assert.equal(refused.status, 409);
    assert.equal((await refused.json()).message, 'This litter still has 1 puppy: move or remove it first.');

    // A puppy added through the litter manager's own call joins the youngest born litter.
    const plain = await admin.send('POST', '/api/puppies', newPuppy('Hazel', ...photos));
    assert.equal(plain.status, 201);
    const hazel = await admin.find('Hazel');
    assert.deepEqual((await named(PLANNED.name)).puppyIds, [willow.id, hazel.id]);

    // Moved to the first litter, and removed: the litter can go.
    const moved = await admin.send('POST', `/api/puppies/${willow.id}/litter`, { litterId: 'litter-1' });
    assert.equal(moved.status, 200);
    const gone = await admin.send('DELETE', `/api/puppies/${hazel.id}`, { version: hazel.version });
    assert.equal(gone.status, 200);
    assert.equal((await stored()).puppies[hazel.id], undefined, 'a removed puppy leaves its litter');
    const empty = await named(PLANNED.name);
    assert.deepEqual(empty.puppyIds, []);
    const removed = await admin.send('DELETE', `/api/litters/${litter.id}`, { version: empty.version });
    assert.equal(removed.status, 200);
    assert.equal(
      (await list()).some((item) => item.id === litter.id),
      false,
    );
  });

  test('a family on the waitlist waits for a litter; Remove is refused while it waits; Move to past litters', async () => {
    await admin.send('POST', '/api/litters', { ...PLANNED, name: 'Rosie × Max' });
    const litter = await named('Rosie × Max');
    const inquiry = await postInquiry(server.url, uniqueInquiry('waiting'));
    const { id } = await inquiry.json();
    const notOnList = await admin.send('POST', `/api/waitlist/${id}/litter`, { litterId: litter.id });
    assert.equal(notOnList.status, 404);
    await admin.send('POST', `/api/inquiries/${id}/status`, { status: 'waitlist' });
    const unknown = await admin.send('POST', `/api/waitlist/${id}/litter`, { litterId: 'nope' });
    assert.equal(unknown.status, 404);
    const moved = await admin.send('POST', `/api/waitlist/${id}/litter`, { litterId: litter.id });
    assert.equal(moved.status, 200);
    assert.deepEqual((await named('Rosie × Max')).waitlist, [id]);

    const refused = await admin.send('DELETE', `/api/litters/${litter.id}`, { version: litter.version });
    assert.equal(refused.status, 409);
    assert.equal(
      (await refused.json()).message,
      '1 family is waiting for this litter: move it to another litter first.',
    );

    const planned = await admin.send('POST', `/api/litters/${litter.id}/past`, { version: litter.version });
    assert.equal(planned.status, 409, 'a planned litter is not past');
    const first = await named('February 2025 litter');
    const past = await admin.send('POST', `/api/litters/${first.id}/past`, { version: first.version });
    assert.equal(past.status, 200);
    assert.equal((await named('February 2025 litter')).status, 'past');
    assert.equal((await list()).at(-1)?.name, 'February 2025 litter', 'past litters last');
  });

  test('the waitlist per litter: places counted per litter, Move up/down within it, another litter keeps the joined date', async () => {
    await admin.send('POST', '/api/litters', { ...PLANNED, name: 'Bella × Duke' });
    const litter = await named('Bella × Duke');
    const ids: string[] = [];
    for (const label of ['one', 'two', 'three']) {
      const { id } = await (await postInquiry(server.url, uniqueInquiry(`line-${label}`))).json();
      await admin.send('POST', `/api/inquiries/${id}/status`, { status: 'waitlist' });
      ids.push(id);
    }
    const [one, two, three] = ids as [string, string, string];
    const families = async () =>
      ((await (await admin.send('GET', '/api/waitlist')).json()) as { families: WaitlistEntry[] }).families;
    const joined = (await families()).find((family) => family.id === one)?.joinedAt;
    assert.equal(
      (await admin.send('POST', `/api/waitlist/${one}/litter`, { litterId: litter.id })).status,
      200,
    );
    assert.equal(
      (await admin.send('POST', `/api/waitlist/${three}/litter`, { litterId: litter.id })).status,
      200,
    );
    const lines = await families();
    const entry = (id: string) => lines.find((family) => family.id === id);
    assert.deepEqual([entry(one)?.place, entry(one)?.litterName], [1, 'Bella × Duke']);
    assert.deepEqual([entry(three)?.place, entry(three)?.litterName], [2, 'Bella × Duke']);
    assert.equal(entry(two)?.litterName, 'Any litter');
    assert.equal(entry(one)?.joinedAt, joined, 'the joined date is kept');

    // "Move down" passes over the family waiting for another litter.
    const moved = await admin.send('POST', `/api/waitlist/${one}/move`, { direction: 'down' });
    assert.equal(moved.status, 200);
    const after = (await moved.json()).families as WaitlistEntry[];
    const line = after.filter((family) => family.litterId === litter.id).map((family) => family.id);
    assert.deepEqual(line, [three, one]);
    assert.deepEqual((await named('Bella × Duke')).waitlist, [three, one]);

    const bad = await admin.send('POST', `/api/waitlist/${two}/litter`, { litterId: '' });
    assert.equal(bad.status, 400);
    const toAny = await admin.send('POST', `/api/waitlist/${one}/litter`, { litterId: 'any' });
    assert.equal(toAny.status, 200);
  });
});
