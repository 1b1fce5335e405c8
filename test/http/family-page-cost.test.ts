import assert from 'node:assert/strict';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import * as cheerio from 'cheerio';
import { fixtureDir, phoneJpeg } from '../fixtures/photos';
import { reservedFamilyState } from '../helpers/family';
import { type PuppyClient, puppyAdmin } from '../helpers/puppies';
import { type RunningServer, startServer } from '../helpers/server';
import { type Peer, startSmtpPeer } from '../peers/start-peer';

// Issue 28: "A request to a family page never buys … an image resize or an email." Reading a
// family's page, its calendar file and its update's photos, and trying tokens that open nothing,
// write nothing to DATA_DIR (no photo made, nothing queued) and send nothing to the SMTP server.
let smtp: Peer;
let server: RunningServer;
let admin: PuppyClient;
before(async () => {
  smtp = await startSmtpPeer();
  server = await startServer({
    env: {
      INQUIRY_RATE_LIMIT: 'off',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      NOTIFY_EMAIL: 'breeder@doodles.test',
      PUBLIC_URL: 'https://doodles.test',
      TRUST_PROXY: 'loopback',
      FAMILY_PAGE_RATE_LIMIT: '1000',
    },
  });
  admin = await puppyAdmin(server.url, server.dataDir);
});
after(async () => {
  await server?.stop();
  await smtp?.stop();
});

/** Every file under DATA_DIR with its size and modification time. */
async function dataFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const info = await stat(file);
    found.push(`${path.relative(dir, file)} ${info.size} ${info.mtimeMs}`);
  }
  return found.sort();
}

test("a family's page, its .ics and photos, and wrong tokens: nothing written, nothing emailed", async () => {
  const state = await reservedFamilyState(server.url, admin, {
    name: 'Cost Family',
    email: 'cost@example.com',
    message: 'Hello there, about Daisy',
  });
  const link = (state.url ?? '').replace('https://doodles.test', server.url);
  const reservationId = state.money?.reservationId ?? '';
  const goHome = { date: '2027-01-16', time: '10:30', place: 'The farm', note: '' };
  assert.equal((await admin.send('PUT', `/api/reservations/${reservationId}/go-home`, goHome)).status, 200);
  const photo = await admin.uploaded(await phoneJpeg(await fixtureDir()));
  const update = { scope: 'family', reservationId, text: 'Hello', photos: [{ id: photo.id, alt: '' }] };
  assert.equal((await admin.send('POST', '/api/family-updates', update)).status, 200);
  // The emails owed so far (her notice, the link, the update) go first, and what records them:
  // what follows is compared with all of that settled (no new file, no new email for 2 s).
  let settled = '';
  for (let i = 0, quiet = 0; quiet < 4; i += 1) {
    assert.ok(i < 60, 'the earlier emails settle');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = `${(await smtp.files()).length} ${(await dataFiles(server.dataDir)).join()}`;
    quiet = now === settled && (await smtp.files()).length >= 2 ? quiet + 1 : 0;
    settled = now;
  }
  const mailsBefore = (await smtp.files()).length;
  const filesBefore = await dataFiles(server.dataDir);

  const page = cheerio.load(await (await fetch(link)).text());
  const photos = page('.update img, .update a')
    .map((_, el) => page(el).attr('src') ?? page(el).attr('href') ?? '')
    .get()
    .filter((src) => src.startsWith('/media/'));
  assert.ok(photos.length >= 2, "the update's photo and its larger size");
  for (let round = 0; round < 10; round += 1) {
    const from = { 'X-Forwarded-For': `198.51.100.${round}` };
    assert.equal((await fetch(link, { headers: from })).status, 200);
    assert.equal((await fetch(`${link}/go-home.ics`, { headers: from })).status, 200);
    for (const src of photos)
      assert.equal((await fetch(`${server.url}${src}`, { headers: from })).status, 200);
    const wrong = await fetch(`${server.url}/family/${'B'.repeat(42)}${round}`, { headers: from });
    assert.equal(wrong.status, 404);
  }
  await new Promise((resolve) => setTimeout(resolve, 1500));
  assert.equal((await smtp.files()).length, mailsBefore, 'no email sent');
  assert.deepEqual(
    await dataFiles(server.dataDir),
    filesBefore,
    'nothing written: no photo made, nothing queued',
  );
});
