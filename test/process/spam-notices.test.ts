/**
 * Likely spam sends no notice, not at once and not after a restart; "Not spam" sends it then,
 * through the outbox (issue 32). The built server and a real SMTP server, each in its own process.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { createAdmin, signIn } from '../helpers/admin';
import { postInquiry } from '../helpers/inquiries';
import { type RunningServer, startServer } from '../helpers/server';
import { parseMail, startSmtpPeer } from '../peers/start-peer';

const PASSWORD = 'smtp-Pa55word-x';
const ADMIN = { username: 'breeder@doodles.test', password: 'correct horse battery' };
const cleanup: (() => Promise<unknown>)[] = [];
after(() => Promise.all(cleanup.map((step) => step())));

async function inquire(url: string, name: string, message: string): Promise<string> {
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${Math.random().toString(36).slice(2)}@example.com`;
  const res = await postInquiry(url, { name, email, message });
  assert.equal(res.status, 201);
  return ((await res.json()) as { id: string }).id;
}

/** The inquiry ids of the notices received so far, in order (the sign-in's new-device email aside). */
async function noticed(files: string[]): Promise<string[]> {
  const mails = await Promise.all(files.map(parseMail));
  return mails.flatMap((mail) => /^<notice\.([^@]+)@/.exec(mail.messageId ?? '')?.[1] ?? []);
}

test('likely spam sends no notice, even after a restart; "Not spam" sends it', async () => {
  const smtp = await startSmtpPeer({ auth: `breeder:${PASSWORD}` });
  cleanup.push(smtp.stop);
  const env = {
    SMTP_URL: `smtp://breeder:${PASSWORD}@127.0.0.1:${smtp.port}`,
    NOTIFY_EMAIL: 'breeder@doodles.test',
    PUBLIC_URL: 'https://doodles.test',
    INQUIRY_RATE_LIMIT: 'off',
  };
  // Our own directory: a server removes the one it made itself when it stops.
  const dataDir = await mkdtemp(path.join(tmpdir(), 'doodles-spam-notices-'));
  cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
  let running: RunningServer = await startServer({ env, dataDir });
  cleanup.push(() => running.stop());

  const family = await inquire(running.url, 'Ann Lee', 'Is Daisy still available? We live in Prescott.');
  const scam = await inquire(
    running.url,
    'Sam Agent',
    'I want the puppy now, my shipping agent will pick up and I pay by cashier check.',
  );
  const second = await inquire(running.url, 'Bo Ray', 'Could we visit on Saturday morning?');
  // Sent in the order stored: had the scam's notice gone out, it would be between these two.
  assert.deepEqual(await noticed(await smtp.waitFor(2, 15_000)), [family, second]);

  // A restart walks the inquiries for notices owed: the held one is not owed.
  assert.equal(await running.stop(), 0);
  running = await startServer({ env, dataDir });
  const third = await inquire(running.url, 'Cy Doe', 'What size will the girls be when grown?');
  assert.deepEqual(await noticed(await smtp.waitFor(3, 15_000)), [family, second, third]);

  await createAdmin(dataDir, ADMIN.username, ADMIN.password);
  const cookie = await signIn(running.url, ADMIN.username, ADMIN.password);
  const res = await fetch(`${running.url}/api/inquiries/${scam}/not-spam`, {
    method: 'POST',
    headers: { Cookie: cookie },
  });
  assert.equal(res.status, 200, await res.clone().text());
  // Four notices and the sign-in's new-device email (decision 104), in whichever order.
  const files = await smtp.waitFor(5, 15_000);
  assert.deepEqual(await noticed(files), [family, second, third, scam]);
  const subjects = (await Promise.all(files.map(parseMail))).map((mail) => mail.subject);
  assert.ok(subjects.includes('New puppy inquiry from Sam Agent'), subjects.join(' | '));

  // Once: the outbox records it, so neither a wait nor a restart sends it again.
  assert.equal(await running.stop(), 0);
  running = await startServer({ env, dataDir });
  await sleep(5_000);
  assert.deepEqual(await noticed(await smtp.files()), [family, second, third, scam]);
  assert.equal((await smtp.files()).length, 5);
});
