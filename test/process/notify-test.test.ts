import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { after, test } from 'node:test';
import { distDir } from '../helpers/server';
import { freePort, type Peer, parseMail, startSmtpPeer, startWebhookPeer } from '../peers/start-peer';

// npm run notify-test runs this same built file; so does `docker exec … node dist/server/notify-test.js`.
const script = path.join(distDir, 'server/notify-test.js');
const PASSWORD = 'smtp-Pa55word-y';
const peers: Peer[] = [];
after(() => Promise.all(peers.map((peer) => peer.stop())));

function notifyTest(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, DATA_DIR: '/nonexistent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, output })));
}

const mailEnv = (port: number, password = PASSWORD) => ({
  SMTP_URL: `smtp://breeder:${password}@127.0.0.1:${port}`,
  NOTIFY_EMAIL: 'breeder@doodles.test',
  MAIL_FROM: 'Doodles <notices@doodles.test>',
});

test('sends a test email and prints the server answer (exit 0)', async () => {
  const peer = await startSmtpPeer({ auth: `breeder:${PASSWORD}` });
  peers.push(peer);
  const hook = await startWebhookPeer({ secret: 'webhook-secret-for-tests' });
  peers.push(hook);
  const { code, output } = await notifyTest({
    ...mailEnv(peer.port),
    WEBHOOK_URL: `http://127.0.0.1:${hook.port}/x`,
    WEBHOOK_SECRET: 'webhook-secret-for-tests',
  });
  assert.equal(code, 0, output);
  assert.match(output, /Sent\. The mail server answered: 250 /);
  assert.match(output, /Delivered: HTTP 204/);
  const [file] = await peer.waitFor(1, 5000);
  assert.equal((await parseMail(file as string)).subject, 'Test notice from Saguaro Doodles');
  assert.doesNotMatch(output, new RegExp(PASSWORD));
});

test('plain words for a dead server, a wrong password and no configuration (exit 1)', async () => {
  const port = await freePort();
  const dead = await notifyTest(mailEnv(port));
  assert.equal(dead.code, 1);
  assert.match(
    dead.output,
    new RegExp(`The test email was not sent: connection refused at 127\\.0\\.0\\.1:${port}`),
  );

  const peer = await startSmtpPeer({ auth: 'breeder:another-password' });
  peers.push(peer);
  const wrong = await notifyTest(mailEnv(peer.port));
  assert.equal(wrong.code, 1);
  assert.match(wrong.output, /The test email was not sent: authentication failed/);
  assert.doesNotMatch(wrong.output, new RegExp(PASSWORD));

  const off = await notifyTest({});
  assert.equal(off.code, 1);
  assert.match(off.output, /Notices are off: set SMTP_URL and NOTIFY_EMAIL/);

  const bad = await notifyTest({ SMTP_URL: `smtp://u:${PASSWORD}@mail.example.com` });
  assert.equal(bad.code, 1);
  assert.match(bad.output, /NOTIFY_EMAIL: expected/);
});
