import assert from 'node:assert/strict';
import { readFile, rm } from 'node:fs/promises';
import { after, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { InquiryNotices, NoticesStatus } from '../../src/features/notices/notices';
import { createAdmin, getJson, signIn } from '../helpers/admin';
import { postInquiry } from '../helpers/inquiries';
import { type RunningServer, runServerExpectingFailure, startServer } from '../helpers/server';
import { freePort, type Peer, parseMail, startSmtpPeer, startWebhookPeer } from '../peers/start-peer';

// The inquiry notices end to end: the built server, a real SMTP server and a real webhook receiver,
// each in its own process on 127.0.0.1. The slow cases (retries 10 and 20 s apart) run together.

const PASSWORD = 'smtp-Pa55word-x';
const ADMIN = { username: 'breeder@doodles.test', password: 'correct horse battery' };
const WEBHOOK_SECRET = 'webhook-secret-for-tests';
const cleanup: (() => Promise<unknown>)[] = [];
after(() => Promise.all(cleanup.map((step) => step())));

function mailEnv(port: number, extra: Record<string, string> = {}): Record<string, string> {
  return {
    SMTP_URL: `smtp://breeder:${PASSWORD}@127.0.0.1:${port}`,
    NOTIFY_EMAIL: 'breeder@doodles.test, helper@doodles.test',
    PUBLIC_URL: 'https://doodles.test',
    INQUIRY_RATE_LIMIT: 'off',
    ...extra,
  };
}

async function smtpPeer(options: { answers?: string; port?: number } = {}): Promise<Peer> {
  const peer = await startSmtpPeer({ ...options, auth: `breeder:${PASSWORD}` });
  cleanup.push(peer.stop);
  return peer;
}

/** A built server; `dataDir` reuses one (a restart), `keepData` keeps its own for a restart. */
async function server(
  env: Record<string, string>,
  options: { dataDir?: string; keepData?: boolean } = {},
): Promise<RunningServer> {
  const running = await startServer({ env, ...options });
  cleanup.push(() => running.stop());
  if (options.keepData) cleanup.push(() => rm(running.dataDir, { recursive: true, force: true }));
  return running;
}

async function inquire(url: string, fields: Record<string, string> = {}): Promise<string> {
  const res = await postInquiry(url, {
    name: 'Ann Lee',
    email: `ann-${Math.random().toString(36).slice(2)}@example.com`,
    message: 'Is Daisy still available?',
    ...fields,
  });
  assert.equal(res.status, 201);
  return ((await res.json()) as { id: string }).id;
}

async function adminCookie(running: RunningServer): Promise<string> {
  await createAdmin(running.dataDir, ADMIN.username, ADMIN.password);
  return signIn(running.url, ADMIN.username, ADMIN.password);
}

async function noticesOf(running: RunningServer, cookie: string, id: string): Promise<InquiryNotices> {
  const res = await getJson(`${running.url}/api/notices/${id}`, cookie);
  assert.equal(res.status, 200);
  return (await res.json()) as InquiryNotices;
}

test('the notice: headers, both parts, escaping, no injected header; the thanks; the webhook', async () => {
  const smtp = await smtpPeer();
  const hook = await startWebhookPeer({ secret: WEBHOOK_SECRET });
  cleanup.push(hook.stop);
  const running = await server(
    mailEnv(smtp.port, {
      AUTO_REPLY: 'on',
      WEBHOOK_URL: `http://127.0.0.1:${hook.port}/hook`,
      WEBHOOK_SECRET,
    }),
  );
  const posted = Date.now();
  const id = await inquire(running.url, {
    name: 'Eve <b>Lee</b>\r\nBcc: victim@example.com',
    email: 'eve@example.com',
    phone: '(928) 555-0100',
    message: 'Line one & <script>alert(1)</script>\nLine two\r\nX-Injected: yes',
  });
  const files = await smtp.waitFor(2, 10_000);
  assert.ok(Date.now() - posted < 10_000);
  const mails = await Promise.all(files.map(parseMail));
  const notice = mails.find((mail) => mail.subject?.startsWith('New puppy inquiry'));
  const thanks = mails.find((mail) => mail.subject === 'Thanks for your inquiry');
  assert.ok(notice && thanks, mails.map((mail) => mail.subject).join(' | '));

  assert.equal(notice.subject, 'New puppy inquiry from Eve <b>Lee</b> Bcc: victim@example.com');
  assert.deepEqual(notice.to && !Array.isArray(notice.to) ? notice.to.value.map((a) => a.address) : [], [
    'breeder@doodles.test',
    'helper@doodles.test',
  ]);
  assert.equal(notice.replyTo?.value[0]?.address, 'eve@example.com');
  assert.equal(notice.from?.value[0]?.address, 'notices@doodles.test');
  assert.equal(notice.messageId, `<notice.${id}@doodles.test>`);
  assert.equal(notice.bcc, undefined);
  assert.equal(notice.headers.get('x-injected'), undefined);
  assert.equal(notice.headers.get('auto-submitted'), 'auto-generated');
  assert.match(notice.text ?? '', /^Phone: \(928\) 555-0100$/m);
  assert.match(notice.text ?? '', /Line one & <script>alert\(1\)<\/script>\nLine two\nX-Injected: yes/);
  assert.match(notice.text ?? '', /https:\/\/doodles\.test\/admin/);
  const html = String(notice.html);
  assert.doesNotMatch(html, /<script>|<b>Lee/);
  assert.match(
    html,
    /Line one &amp; &lt;script&gt;alert\(1\)&lt;\/script&gt;<br>\nLine two<br>\nX-Injected: yes/,
  );

  assert.deepEqual(thanks.to && !Array.isArray(thanks.to) ? thanks.to.value.map((a) => a.address) : [], [
    'eve@example.com',
  ]);
  assert.equal(thanks.replyTo?.value[0]?.address, 'breeder@doodles.test');
  assert.equal(thanks.headers.get('auto-submitted'), 'auto-replied');
  assert.match(thanks.text ?? '', /\$900/);

  const [hookFile] = await hook.waitFor(1, 10_000);
  const request = JSON.parse(await readFile(hookFile as string, 'utf8'));
  assert.equal(request.signed, true, 'the receiver checked X-Signature-256');
  assert.equal(JSON.parse(request.body).type, 'inquiry.created');
  assert.equal(JSON.parse(request.body).inquiry.id, id);

  // The same family again within 24 hours: the breeder hears of it, the family gets no second thanks;
  // the honeypot's catch is not stored, so nothing at all is sent for it.
  await inquire(running.url, { email: 'EVE@example.com', name: 'Eve again' });
  const trapped = await postInquiry(running.url, {
    name: 'Bot',
    email: 'bot@example.com',
    message: 'Buy cheap things now!!',
    website: 'http://spam.example',
  });
  assert.equal(trapped.status, 201);
  await smtp.waitFor(3, 10_000);
  await hook.waitFor(2, 10_000);
  await sleep(1000);
  assert.equal((await smtp.files()).length, 3);
  assert.equal((await hook.files()).length, 2);
});

describe('faults', { concurrency: true }, () => {
  test('the mail server down when the inquiry arrives and up 20 s later: the notice arrives', async () => {
    const port = await freePort();
    const running = await server(mailEnv(port));
    const id = await inquire(running.url);
    await sleep(20_000);
    const peer = await smtpPeer({ port });
    const [file] = await peer.waitFor(1, 30_000);
    assert.equal((await parseMail(file as string)).messageId, `<notice.${id}@doodles.test>`);
    assert.doesNotMatch(running.output(), new RegExp(PASSWORD), 'the SMTP password is never logged');
    assert.match(running.output(), /connection refused at 127\.0\.0\.1/);
  });

  test('451 then 250: sent on the retry', async () => {
    const peer = await smtpPeer({ answers: '451,250' });
    const running = await server(mailEnv(peer.port));
    const id = await inquire(running.url);
    await peer.waitFor(1, 20_000);
    // Signed in only now: a sign-in from a new browser sends its own email, which would take the 451.
    const cookie = await adminCookie(running);
    await sleep(300);
    const [email] = (await noticesOf(running, cookie, id)).notices;
    assert.equal(email?.state, 'sent');
    assert.equal(email?.attempts, 2);
  });

  test('550: failed after 3 tries, reported with the server answer', async () => {
    const peer = await smtpPeer({ answers: '550' });
    const running = await server(mailEnv(peer.port));
    const cookie = await adminCookie(running);
    const id = await inquire(running.url);
    let status: NoticesStatus | undefined;
    for (let i = 0; i < 80; i += 1) {
      await sleep(500);
      const res = await getJson(`${running.url}/api/notices`, cookie);
      status = (await res.json()) as NoticesStatus;
      if (status.problems[0]?.failed === 1) break;
    }
    assert.deepEqual(
      status?.problems.map(({ channel, waiting, failed }) => ({ channel, waiting, failed })),
      [{ channel: 'email', waiting: 0, failed: 1 }],
    );
    assert.equal(status?.problems[0]?.lastAnswer, '550 Mailbox unavailable: rejected by policy');
    const [email] = (await noticesOf(running, cookie, id)).notices;
    assert.equal(email?.state, 'failed');
    assert.equal(email?.attempts, 3);
    assert.deepEqual(await peer.files(), []);
  });

  test('SIGKILL with notices queued, then a restart: they arrive, each once', async () => {
    const port = await freePort();
    const first = await server(mailEnv(port), { keepData: true });
    const ids = [await inquire(first.url), await inquire(first.url), await inquire(first.url)];
    first.process.kill('SIGKILL');
    await new Promise((resolve) => first.process.once('exit', resolve));
    const peer = await smtpPeer({ port });
    const second = await server(mailEnv(port), { dataDir: first.dataDir });
    const files = await peer.waitFor(3, 15_000);
    const received = await Promise.all(files.map(async (file) => (await parseMail(file)).messageId));
    assert.deepEqual(received.sort(), ids.map((id) => `<notice.${id}@doodles.test>`).sort());
    // SIGTERM with nothing left to send exits cleanly.
    assert.equal(await second.stop(), 0);
  });

  test('SIGTERM during a send that hangs: exits in time, the notice stays queued and is sent after', async () => {
    const hanging = await smtpPeer({ answers: '0' });
    const first = await server(mailEnv(hanging.port), { keepData: true });
    const id = await inquire(first.url);
    await sleep(2500); // the send is under way (it starts a second after the inquiry), unanswered
    const stopping = Date.now();
    assert.equal(await first.stop(), 0);
    assert.ok(Date.now() - stopping < 10_000, `stopped in ${Date.now() - stopping} ms`);
    const peer = await smtpPeer();
    await server(mailEnv(peer.port), { dataDir: first.dataDir });
    const [file] = await peer.waitFor(1, 15_000);
    assert.equal((await parseMail(file as string)).messageId, `<notice.${id}@doodles.test>`);
  });
});

test('100 concurrent inquiries: 100 notices, none twice', async () => {
  const peer = await smtpPeer();
  const running = await server(mailEnv(peer.port, { LOG_LEVEL: 'error' }));
  const ids = await Promise.all(Array.from({ length: 100 }, () => inquire(running.url)));
  const files = await peer.waitFor(100, 30_000);
  await sleep(1000);
  assert.equal((await peer.files()).length, 100);
  const received = await Promise.all(files.map(async (file) => (await parseMail(file)).messageId));
  assert.deepEqual(received.sort(), ids.map((id) => `<notice.${id}@doodles.test>`).sort());
});

test('the notice status needs the admin session and refuses cross-site reads', async () => {
  const port = await freePort();
  const running = await server(mailEnv(port));
  const id = await inquire(running.url);
  assert.equal((await getJson(`${running.url}/api/notices`)).status, 401);
  assert.equal((await getJson(`${running.url}/api/notices/${id}`)).status, 401);
  const cookie = await adminCookie(running);
  const crossSite = await fetch(`${running.url}/api/notices`, {
    headers: { Cookie: cookie, 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' },
  });
  assert.equal(crossSite.status, 403);
  const res = await getJson(`${running.url}/api/notices`, cookie);
  assert.equal(res.status, 200);
  const status = (await res.json()) as NoticesStatus;
  assert.deepEqual(status.channels, { email: true, acknowledgement: false, webhook: false });
  assert.deepEqual(await noticesOf(running, cookie, 'not-an-inquiry'), {
    inquiryId: 'not-an-inquiry',
    notices: [],
  });
  assert.doesNotMatch(JSON.stringify(await noticesOf(running, cookie, id)), new RegExp(PASSWORD));
});

test('bad notice settings stop the server, naming the variable, never echoing a secret', async () => {
  const cases: [Record<string, string>, RegExp][] = [
    [{ SMTP_URL: `smtp://u:${PASSWORD}@mail.example.com:587` }, /NOTIFY_EMAIL: expected/],
    [{ NOTIFY_EMAIL: 'a@example.com' }, /SMTP_URL: expected/],
    [
      { SMTP_URL: `http://u:${PASSWORD}@mail.example.com`, NOTIFY_EMAIL: 'a@example.com' },
      /SMTP_URL: expected smtp:/,
    ],
    [
      { WEBHOOK_URL: 'http://hooks.example.com/x', WEBHOOK_SECRET: 'x'.repeat(20) },
      /WEBHOOK_URL: expected an https:/,
    ],
    [{ AUTO_REPLY: 'sometimes' }, /AUTO_REPLY: expected on or off/],
    [{ TZ: 'Nowhere/Special' }, /TZ: expected an IANA time zone/],
  ];
  for (const [env, expected] of cases) {
    const { code, output } = await runServerExpectingFailure(env);
    assert.equal(code, 1, `${JSON.stringify(env)}: ${output}`);
    assert.match(output, expected);
    assert.doesNotMatch(output, new RegExp(PASSWORD));
  }
});
