import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import type { FamilyState } from '../../src/features/family/family';
import { postInquiry } from '../helpers/inquiries';
import { puppyAdmin } from '../helpers/puppies';
import { type RunningServer, startServer } from '../helpers/server';
import { type Peer, parseMail, startSmtpPeer } from '../peers/start-peer';

// Issue 28: what a family's page keeps survives a kill -9, and the go-home reminder is sent the
// day before, once, across a restart.
const cleanup: (() => Promise<unknown>)[] = [];
after(() => Promise.all(cleanup.map((step) => step())));

/** YYYY-MM-DD in the breeder's zone, `days` from today. */
const dayIn = (timeZone: string, days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + days * 24 * 60 * 60_000),
  );

test('killed with SIGKILL after the answers: links, payments and go-home day are kept; the reminder goes once', async () => {
  const smtp: Peer = await startSmtpPeer();
  cleanup.push(smtp.stop);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'family-durability-'));
  cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
  const env = {
    INQUIRY_RATE_LIMIT: 'off',
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    NOTIFY_EMAIL: 'breeder@doodles.test',
    PUBLIC_URL: 'https://doodles.test',
    TZ: 'America/Phoenix',
  };
  let server: RunningServer = await startServer({ dataDir, env });
  cleanup.push(() => server.stop());
  const admin = await puppyAdmin(server.url, dataDir);
  const res = await postInquiry(server.url, {
    name: 'Dee Durable',
    email: 'dee@example.com',
    message: 'Hello, Daisy please',
  });
  const { id } = (await res.json()) as { id: string };
  const daisy = await admin.find('Daisy');
  assert.equal(
    (await admin.send('POST', `/api/inquiries/${id}/reservation`, { puppyId: daisy.id })).status,
    200,
  );
  const link = (await (
    await admin.send('POST', `/api/inquiries/${id}/family-link`, {})
  ).json()) as FamilyState;
  const state = (await (await admin.send('GET', `/api/inquiries/${id}/family`)).json()) as FamilyState;
  const reservationId = state.money?.reservationId ?? '';
  const paid = await admin.send('POST', `/api/reservations/${reservationId}/payments`, {
    amount: '125',
    paidOn: '2026-11-26',
    method: 'Cash',
  });
  assert.equal(paid.status, 200);
  const tomorrow = dayIn('America/Phoenix', 1);
  const saved = await admin.send('PUT', `/api/reservations/${reservationId}/go-home`, {
    date: tomorrow,
    time: '09:00',
    place: 'The farm',
    note: '',
  });
  assert.equal(saved.status, 200);

  const reminders = async () => {
    const found = [];
    for (const file of await smtp.files()) {
      const mail = await parseMail(file);
      if (mail.subject === 'Tomorrow: Daisy comes home') found.push(mail);
    }
    return found;
  };
  for (let i = 0; i < 300 && (await reminders()).length === 0; i += 1)
    await new Promise((r) => setTimeout(r, 100));
  const [reminder] = await reminders();
  assert.equal(reminder?.to && 'text' in reminder.to ? reminder.to.text : '', 'dee@example.com');
  assert.match(
    reminder?.text ?? '',
    /https:\/\/doodles\.test\/family\/[A-Za-z0-9_-]{43}/,
    'with a link to their page',
  );

  // Once its delivery is recorded (a kill between the SMTP server's answer and that write would
  // send it again after the restart: at least once, like the inquiry notices).
  const recorded = async () =>
    ((await (await admin.send('GET', `/api/inquiries/${id}/family`)).json()) as FamilyState).mails.some(
      (mail) => mail.kind === 'reminder' && mail.state === 'sent',
    );
  for (let i = 0; i < 300 && !(await recorded()); i += 1) await new Promise((r) => setTimeout(r, 100));
  assert.ok(await recorded(), 'she sees the reminder delivered');
  // kill -9 right after the answers: everything answered is on disk.
  server.process.kill('SIGKILL');
  await server.stop();
  server = await startServer({ dataDir, env });
  const again = await puppyAdmin(server.url, dataDir);
  const after = (await (await again.send('GET', `/api/inquiries/${id}/family`)).json()) as FamilyState;
  assert.equal(after.money?.paidCents, 12500);
  assert.equal(after.goHome?.date, tomorrow);
  const page = await fetch((link.url ?? '').replace('https://doodles.test', server.url));
  assert.equal(page.status, 200, 'the link still opens the page');
  assert.match(await page.text(), /Dee Durable/);
  await new Promise((r) => setTimeout(r, 1500));
  assert.equal((await reminders()).length, 1, 'reminded once, not again after the restart');
});
