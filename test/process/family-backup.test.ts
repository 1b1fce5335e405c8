import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import * as cheerio from 'cheerio';
import type { FamilyState, FamilyUpdates } from '../../src/features/family/family';
import { fixtureDir, phoneJpeg } from '../fixtures/photos';
import { signIn } from '../helpers/admin';
import { runBuiltOk } from '../helpers/backup';
import { postInquiry } from '../helpers/inquiries';
import { puppyAdmin } from '../helpers/puppies';
import { startServer } from '../helpers/server';

// Issue 28: "links, updates, payments and questions are in the storage registry and in backups".
// Everything of a family's page goes through `npm run backup` and `npm run restore` into a new
// data directory, and the restored site shows the same: the same link opens the same page.
const cleanup: (() => Promise<unknown>)[] = [];
after(async () => {
  for (const step of cleanup.reverse()) await step();
});

test("a backup and a restore keep every family's page: link, money, receipt, go-home day, update, question", async () => {
  const work = await mkdtemp(path.join(tmpdir(), 'family-backup-'));
  cleanup.push(() => rm(work, { recursive: true, force: true }));
  const server = await startServer({ env: { INQUIRY_RATE_LIMIT: 'off' } });
  cleanup.push(() => server.stop());
  const admin = await puppyAdmin(server.url, server.dataDir);
  const json = async <T>(res: Response): Promise<T> => {
    const text = await res.text();
    assert.equal(res.status, 200, text);
    return JSON.parse(text) as T;
  };

  const posted = await postInquiry(server.url, {
    name: 'Kept <Family>',
    email: 'kept@example.com',
    message: 'Hello there, about Daisy',
  });
  const { id } = (await posted.json()) as { id: string };
  const { id: puppyId } = await admin.find('Daisy');
  await json(
    await admin.send('POST', `/api/inquiries/${id}/reservation`, {
      puppyId,
      deposit: { amount: '300', receivedOn: '2026-11-20', method: 'Zelle' },
    }),
  );
  const { url, money } = await json<FamilyState>(
    await admin.send('POST', `/api/inquiries/${id}/family-link`, {}),
  );
  const link = url ?? '';
  const reservationId = money?.reservationId ?? '';
  await json(await admin.send('PUT', `/api/reservations/${reservationId}/price`, { price: '1,100' }));
  await json(
    await admin.send('POST', `/api/reservations/${reservationId}/payments`, {
      amount: '200',
      paidOn: '2026-11-27',
      method: 'Venmo',
    }),
  );
  await json(
    await admin.send('PUT', `/api/reservations/${reservationId}/go-home`, {
      date: '2027-01-16',
      time: '10:30',
      place: 'The farm',
      note: 'Bring a <crate>',
    }),
  );
  await json(
    await admin.send('PUT', '/api/family-settings', {
      paymentInstructions: 'Zelle to kept@doodles.test',
      whatToBring: 'A collar',
      paymentLink: '',
    }),
  );
  const jpeg = await phoneJpeg(await fixtureDir());
  const photo = await admin.uploaded(jpeg);
  await json(
    await admin.send('POST', '/api/family-updates', {
      scope: 'family',
      reservationId,
      text: 'Daisy <opened> her eyes!',
      photos: [{ id: photo.id, alt: 'Daisy asleep' }],
    }),
  );
  const form = (fields: Record<string, string>) => ({
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual' as const,
  });
  assert.equal((await fetch(`${link}/questions`, form({ question: 'Can we visit?' }))).status, 303);
  const receipt = new FormData();
  const receiptBytes = await readFile(jpeg);
  receipt.append('proof', new Blob([new Uint8Array(receiptBytes)], { type: 'image/jpeg' }), 'receipt.jpg');
  assert.equal(
    (await fetch(`${link}/proofs`, { method: 'POST', body: receipt, redirect: 'manual' })).status,
    303,
  );
  let state = await json<FamilyState>(await admin.send('GET', `/api/inquiries/${id}/family`));
  const payment = state.money?.payments.find((item) => item.source === 'breeder')?.id;
  state = await json<FamilyState>(
    await admin.send('PUT', `/api/family-proofs/${state.money?.proofs[0]?.id}/payment`, {
      paymentId: payment,
    }),
  );
  const updates = await json<FamilyUpdates>(await admin.send('GET', '/api/family-updates'));
  const page = await (await fetch(link)).text();

  const archive = path.join(work, 'backup.tar.gz');
  await runBuiltOk('backup', ['--out', archive], { DATA_DIR: server.dataDir });
  const restoredDir = path.join(work, 'restored');
  await runBuiltOk('restore', [archive], { DATA_DIR: restoredDir });
  const restored = await startServer({ dataDir: restoredDir, env: { INQUIRY_RATE_LIMIT: 'off' } });
  cleanup.push(() => restored.stop());
  const cookie = await signIn(restored.url, 'breeder@example.com', 'correct horse battery');
  const get = (url: string) => fetch(`${restored.url}${url}`, { headers: { Cookie: cookie } });

  assert.deepEqual(await json<FamilyState>(await get(`/api/inquiries/${id}/family`)), state);
  assert.deepEqual(await json<FamilyUpdates>(await get('/api/family-updates')), updates);
  assert.equal(state.questions[0]?.text, 'Can we visit?');
  assert.equal(state.money?.proofs[0]?.paymentId, payment, 'the receipt still goes with its payment');
  const proof = await get(`/api/family-proofs/${state.money?.proofs[0]?.id}`);
  assert.equal(proof.status, 200);
  assert.ok(Buffer.from(await proof.arrayBuffer()).equals(receiptBytes), 'the receipt byte for byte');

  // The same link opens the same page (its token's hash was kept), the update's photo served.
  const restoredLink = link.replace(server.url, restored.url);
  const again = await fetch(restoredLink);
  assert.equal(again.status, 200);
  assert.equal(await again.text(), page);
  const src = cheerio.load(page)('.update img').attr('src') ?? '';
  assert.match(src, /^\/media\//);
  assert.equal((await fetch(`${restored.url}${src}`)).status, 200, "the update's photo");
});
