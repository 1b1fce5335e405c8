import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { after, describe, test } from 'node:test';
import type { ParsedMail } from 'mailparser';
import { Secret, TOTP } from 'otpauth';
import { cookieFrom, createAdmin, login, postTo, runCli } from '../helpers/admin';
import { passkeyRegistration } from '../helpers/passkey-response';
import { type RunningServer, startServer } from '../helpers/server';
import { type Peer, parseMail, startSmtpPeer } from '../peers/start-peer';

/**
 * Every change of her sign-in details is emailed to NOTIFY_EMAIL through the notices' outbox
 * (issue 32, ASVS 6.3.7), received here by a real SMTP server process: what changed, when, from
 * which device and address, what to do if it was not her; create-admin's changes too, noticed by
 * the running server, or at the next start when it ran while the server was stopped.
 */

const ADMIN = 'breeder@doodles.test';
const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'a kettle of quiet herons';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0 Mobile/15E148 Safari/604.1';
const FROM_PHONE = { 'User-Agent': IPHONE, 'X-Forwarded-For': '203.0.113.7' };
const PUBLIC_URL = 'https://doodles.test';
const STEP_MS = 30_000;

const codeAt = (secret: string, stepOffset = 0) =>
  TOTP.generate({
    secret: Secret.fromBase32(secret.replace(/\s/g, '')),
    timestamp: Date.now() + stepOffset * STEP_MS,
  });

/** The first mail whose subject ends with `subject`, waiting for it to arrive. */
async function mailAbout(smtp: Peer, subject: string, timeoutMs = 15_000): Promise<ParsedMail> {
  const deadline = Date.now() + timeoutMs;
  const seen = new Map<string, ParsedMail>();
  while (Date.now() < deadline) {
    for (const file of await smtp.files()) {
      const mail = seen.get(file) ?? (await parseMail(file));
      seen.set(file, mail);
      if (mail.subject === `Saguaro Doodles: ${subject}`) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const subjects = [...seen.values()].map((mail) => mail.subject);
  throw new Error(`no mail "${subject}" within ${timeoutMs} ms; got: ${subjects.join(' | ')}`);
}

/** What every such email says: when, the device, the address, and what to do if it was not her. */
function assertDetails(mail: ParsedMail, device: RegExp, address: RegExp) {
  const text = mail.text ?? '';
  assert.match(text, /When: \w{3} \d{1,2}, \d{4} at \d{1,2}:\d{2} (AM|PM) MST/);
  assert.match(text, new RegExp(`Device: ${device.source}`));
  assert.match(text, new RegExp(`From: ${address.source}`));
  assert.match(text, /Account: breeder@doodles\.test/);
  assert.match(text, /If it was not you, /);
  assert.deepEqual(
    (Array.isArray(mail.to) ? mail.to : [mail.to]).flatMap((to) => to?.value.map((v) => v.address)),
    ['owner@doodles.test'],
  );
}

describe('emails about changes of her sign-in details', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  after(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  const env = (smtp: Peer) => ({
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    NOTIFY_EMAIL: 'owner@doodles.test',
    PUBLIC_URL,
    TRUST_PROXY: 'loopback',
  });

  test('the dashboard changes: password, two-step on, a recovery code, two-step off, passkey added and removed', async () => {
    const smtp = await startSmtpPeer();
    cleanup.push(smtp.stop);
    const server: RunningServer = await startServer({ env: env(smtp) });
    cleanup.push(() => server.stop());
    await createAdmin(server.dataDir, ADMIN, PASSWORD);

    const signedIn = await login(server.url, ADMIN, PASSWORD, FROM_PHONE);
    assert.equal(signedIn.status, 200);
    let cookie = cookieFrom(signedIn);
    const headers = () => ({ ...FROM_PHONE, Cookie: cookie });

    // The password, on the account page.
    const changed = await postTo(server.url, '/api/account/password', headers(), {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      repeatPassword: NEW_PASSWORD,
    });
    assert.equal(changed.status, 200, await changed.clone().text());
    cookie = cookieFrom(changed) || cookie;
    const password = await mailAbout(smtp, 'Your dashboard password was changed');
    assertDetails(password, /Chrome on iPhone/, /203\.0\.113\.7/);
    assert.match(
      password.text ?? '',
      /open https:\/\/doodles\.test\/admin\/account, choose "Sign out everywhere else"/,
    );
    assert.match(password.text ?? '', /npm run create-admin -- --username breeder@doodles\.test/);

    // Two-step sign-in on: a current code confirms the app.
    const setup = await postTo(server.url, '/api/account/two-step/setup', headers());
    const { secret } = (await setup.json()) as { secret: string };
    const left = STEP_MS - (Date.now() % STEP_MS);
    if (left < 8_000) await new Promise((resolve) => setTimeout(resolve, left + 200));
    const enabled = await postTo(server.url, '/api/account/two-step/enable', headers(), {
      code: codeAt(secret),
    });
    assert.equal(enabled.status, 200);
    const { recoveryCodes } = (await enabled.json()) as { recoveryCodes: string[] };
    assertDetails(
      await mailAbout(smtp, 'Two-step sign-in was turned on'),
      /Chrome on iPhone/,
      /203\.0\.113\.7/,
    );

    // A recovery code, from another browser and address.
    const elsewhere = { 'X-Forwarded-For': '198.51.100.9', 'User-Agent': 'curl/8.5.0' };
    const pending = await login(server.url, ADMIN, NEW_PASSWORD, elsewhere);
    assert.equal(pending.status, 200);
    const recovered = await postTo(
      server.url,
      '/api/login/code',
      { ...elsewhere, Cookie: cookieFrom(pending) },
      { code: recoveryCodes[0] },
    );
    assert.equal(recovered.status, 200, await recovered.clone().text());
    const recovery = await mailAbout(smtp, 'A recovery code was used to sign in');
    assertDetails(recovery, /Unknown browser/, /198\.51\.100\.9/);
    assert.match(recovery.text ?? '', /someone has your password and one of your recovery codes/);

    // Two-step sign-in off (the next step's code: the current one is used up).
    const disabled = await postTo(server.url, '/api/account/two-step/disable', headers(), {
      code: codeAt(secret, 1),
    });
    assert.equal(disabled.status, 200, await disabled.clone().text());
    assertDetails(
      await mailAbout(smtp, 'Two-step sign-in was turned off'),
      /Chrome on iPhone/,
      /203\.0\.113\.7/,
    );

    // A passkey added, with a name that tries to be markup and a second line: text, one line.
    const name = '<b>Phone</b>\nBcc: x@evil.test';
    const options = await postTo(server.url, '/api/account/passkeys/options', headers());
    const { challenge } = (await options.json()) as { challenge: string };
    const response = passkeyRegistration({ challenge, rpId: 'doodles.test', origin: PUBLIC_URL });
    const added = await postTo(server.url, '/api/account/passkeys', headers(), { name, response });
    assert.equal(added.status, 201, await added.clone().text());
    const addedMail = await mailAbout(smtp, 'A passkey was added to your account');
    assertDetails(addedMail, /Chrome on iPhone/, /203\.0\.113\.7/);
    assert.match(addedMail.text ?? '', /A passkey "<b>Phone<\/b> Bcc: x@evil\.test" was added/);
    assert.ok(!String(addedMail.html).includes('<b>Phone</b>'), 'the name is escaped in the HTML part');
    assert.match(String(addedMail.html), /&lt;b&gt;Phone&lt;\/b&gt;/);
    assert.equal(addedMail.headers.get('bcc'), undefined);

    const removed = await fetch(`${server.url}/api/account/passkeys/${response.id}`, {
      method: 'DELETE',
      headers: headers(),
    });
    assert.equal(removed.status, 200);
    const removedMail = await mailAbout(smtp, 'A passkey was removed from your account');
    assertDetails(removedMail, /Chrome on iPhone/, /203\.0\.113\.7/);
    assert.match(removedMail.text ?? '', /The passkey "<b>Phone<\/b> Bcc: x@evil\.test" was removed/);

    // Six changes, six emails, and the one new-device email of each browser's first sign-in.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const subjects = await Promise.all(
      (await smtp.files()).map(async (file) => (await parseMail(file)).subject),
    );
    assert.equal(
      subjects.filter((subject) => subject?.startsWith('Saguaro Doodles: ')).length,
      6,
      subjects.join(' | '),
    );
  });

  test('create-admin: a new password and a reset, while the server runs and while it is stopped', async () => {
    const smtp = await startSmtpPeer();
    cleanup.push(smtp.stop);
    let server: RunningServer = await startServer({ env: env(smtp), keepData: true });
    const { dataDir } = server;
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    await createAdmin(dataDir, ADMIN, PASSWORD);
    // Creating the admin is no change of her sign-in: nothing is sent.
    assert.equal((await login(server.url, ADMIN, PASSWORD)).status, 200);

    await createAdmin(dataDir, ADMIN, NEW_PASSWORD);
    // The server reads users.json on its next lookup of her (here a sign-in).
    assert.equal((await login(server.url, ADMIN, NEW_PASSWORD, FROM_PHONE)).status, 200);
    const cli = await mailAbout(smtp, 'Your password was set on the server');
    assertDetails(cli, /The server's command line \(npm run create-admin on [^)]+\)/, /the server itself/);
    assert.match(cli.text ?? '', /someone can run commands on the server/);

    // Reset while the server is stopped: told at the next start, before any request.
    await server.stop();
    const reset = await runCli(['--username', ADMIN, '--reset-second-step'], { dataDir });
    assert.equal(reset.code, 0, reset.stderr);
    server = await startServer({ env: env(smtp), dataDir });
    cleanup.push(() => server.stop());
    const resetMail = await mailAbout(smtp, 'Two-step sign-in was reset on the server');
    assertDetails(resetMail, /The server's command line/, /the server itself/);

    // Each told once, restart or not.
    await server.stop();
    server = await startServer({ env: env(smtp), dataDir });
    assert.equal((await login(server.url, ADMIN, NEW_PASSWORD)).status, 200);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const subjects = await Promise.all(
      (await smtp.files()).map(async (file) => (await parseMail(file)).subject),
    );
    assert.equal(
      subjects.filter((subject) => subject?.includes('on the server')).length,
      2,
      subjects.join(' | '),
    );
  });
});
