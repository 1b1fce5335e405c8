import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { cookieFrom, createAdmin, login } from '../helpers/admin';
import { type RunningServer, startServer } from '../helpers/server';
import { parseMail, startSmtpPeer } from '../peers/start-peer';

/** A sign-in from a browser not seen before is emailed to her, through a real SMTP server process. */

const SMTP_PASSWORD = 'smtp-Pa55word-y';
const ADMIN = 'breeder@doodles.test';
const PASSWORD = 'correct horse battery';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0 Mobile/15E148 Safari/604.1';

describe('the new-device email', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  after(() => Promise.all(cleanup.map((step) => step())));

  test('arrives for a new browser only, with when, which device, from where and what to do', async () => {
    const smtp = await startSmtpPeer({ auth: `breeder:${SMTP_PASSWORD}` });
    cleanup.push(smtp.stop);
    const server: RunningServer = await startServer({
      env: {
        SMTP_URL: `smtp://breeder:${SMTP_PASSWORD}@127.0.0.1:${smtp.port}`,
        NOTIFY_EMAIL: 'breeder@doodles.test',
        PUBLIC_URL: 'https://doodles.test',
        TRUST_PROXY: 'loopback',
        INQUIRY_RATE_LIMIT: 'off',
      },
    });
    cleanup.push(() => server.stop());
    await createAdmin(server.dataDir, ADMIN, PASSWORD);

    const first = await login(server.url, ADMIN, PASSWORD, {
      'User-Agent': IPHONE,
      'X-Forwarded-For': '203.0.113.7',
    });
    assert.equal(first.status, 200);
    const device = first.headers.getSetCookie().find((line) => line.startsWith('doodles.device='));
    assert.ok(device, 'the browser is given a device cookie');
    assert.match(device, /HttpOnly/i);
    assert.match(device, /Path=\/api/);
    const [file] = await smtp.waitFor(1, 10_000);
    const mail = await parseMail(file ?? '');
    assert.equal(mail.subject, 'New sign-in to Saguaro Doodles from Chrome on iPhone');
    assert.match(mail.text ?? '', /When: \w{3} \d{1,2}, \d{4} at \d{1,2}:\d{2} (AM|PM) MST/);
    assert.match(mail.text ?? '', /Device: Chrome on iPhone/);
    assert.match(mail.text ?? '', /From: 203\.0\.113\.7/);
    assert.match(mail.text ?? '', /If it was not you: open https:\/\/doodles\.test\/admin\/account/);
    assert.deepEqual(
      (Array.isArray(mail.to) ? mail.to : [mail.to]).flatMap((to) => to?.value.map((v) => v.address)),
      ['breeder@doodles.test'],
    );

    // The same browser again (its device cookie): no email.
    const again = await login(server.url, ADMIN, PASSWORD, {
      'User-Agent': IPHONE,
      Cookie: cookieFrom(first)
        .split('; ')
        .filter((pair) => pair.startsWith('doodles.device='))
        .join(''),
    });
    assert.equal(again.status, 200);
    // Another browser: a second email.
    const other = await login(server.url, ADMIN, PASSWORD, { 'X-Forwarded-For': '198.51.100.4' });
    assert.equal(other.status, 200);
    const files = await smtp.waitFor(2, 10_000);
    const second = await parseMail(files[1] ?? '');
    assert.match(second.text ?? '', /From: 198\.51\.100\.4/);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    assert.equal((await smtp.files()).length, 2, 'the known browser sent none');
  });
});
