import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { cookieFrom, createAdmin, getJson, login, PASSWORD, postTo, runCli } from '../helpers/admin';
import { type RunningServer, startServer } from '../helpers/server';

/** The account page's password change and its list of sessions (decision 103). */

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const NEW_PASSWORD = 'a brand new long password';

interface Listed {
  id: string;
  device: string;
  ip: string;
  signedInAt: string;
  lastSeenAt: string;
  current: boolean;
}

describe('her account: password and sessions', () => {
  let dataDir: string;
  let server: RunningServer;
  const env = { TRUST_PROXY: 'loopback', INQUIRY_RATE_LIMIT: 'off' };
  before(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'doodles-account-'));
    server = await startServer({ env, dataDir });
  });
  after(async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function signInFrom(username: string, password: string, userAgent: string, ip: string) {
    const res = await login(server.url, username, password, {
      'User-Agent': userAgent,
      'X-Forwarded-For': ip,
    });
    assert.equal(res.status, 200, await res.clone().text());
    return cookieFrom(res);
  }
  const list = async (cookie: string) => {
    const res = await getJson(`${server.url}/api/account/sessions`, cookie);
    assert.equal(res.status, 200);
    return ((await res.json()) as { sessions: Listed[] }).sessions;
  };
  const signedIn = async (cookie: string) => (await getJson(`${server.url}/api/user`, cookie)).status === 200;
  const changePassword = (cookie: string, body: unknown) =>
    postTo(server.url, '/api/account/password', { Cookie: cookie }, body);

  test('each session with its device in plain words, address and times; "Sign out" ends one', async () => {
    await createAdmin(dataDir, 'list@example.com', PASSWORD);
    const phone = await signInFrom('list@example.com', PASSWORD, IPHONE, '203.0.113.7');
    const laptop = await signInFrom('list@example.com', PASSWORD, MAC, '198.51.100.20');
    const sessions = await list(laptop);
    assert.equal(sessions.length, 2);
    const [mine, other] = sessions;
    assert.deepEqual(
      { device: mine?.device, ip: mine?.ip, current: mine?.current },
      { device: 'Chrome on Mac', ip: '198.51.100.20', current: true },
    );
    assert.deepEqual(
      { device: other?.device, ip: other?.ip, current: other?.current },
      { device: 'Safari on iPhone', ip: '203.0.113.7', current: false },
    );
    assert.ok(Date.parse(other?.signedInAt ?? '') <= Date.parse(mine?.lastSeenAt ?? ''));
    assert.ok(
      !JSON.stringify(sessions).includes(phone.split('=')[1]?.slice(0, 20) ?? '?'),
      'no cookie in the list',
    );

    const own = await postTo(server.url, `/api/account/sessions/${mine?.id}/sign-out`, { Cookie: laptop });
    assert.equal(own.status, 400, 'this session signs out with Logout');
    const unknown = await postTo(server.url, '/api/account/sessions/nope/sign-out', { Cookie: laptop });
    assert.equal(unknown.status, 404);
    assert.equal(typeof ((await unknown.json()) as { message: unknown }).message, 'string');

    const ended = await postTo(server.url, `/api/account/sessions/${other?.id}/sign-out`, { Cookie: laptop });
    assert.equal(ended.status, 200);
    assert.equal(await signedIn(phone), false, 'the phone is signed out');
    assert.equal(await signedIn(laptop), true);
    assert.deepEqual(
      (await list(laptop)).map((session) => session.device),
      ['Chrome on Mac'],
    );
  });

  test('a user agent it cannot read is "Unknown browser", never a piece of it', async () => {
    await createAdmin(dataDir, 'unknown@example.com', PASSWORD);
    const odd = await signInFrom(
      'unknown@example.com',
      PASSWORD,
      'Mozilla/5.0 (compatible; Foo/1.0)',
      '203.0.113.8',
    );
    await signInFrom('unknown@example.com', PASSWORD, '<b>EvilApp</b>/3.2 (iPhone; iOS 17.0)', '203.0.113.9');
    await signInFrom('unknown@example.com', PASSWORD, 'curl/8.5.0', '203.0.113.10');
    const devices = (await list(odd)).map((session) => session.device);
    assert.deepEqual(devices, ['Unknown browser', 'Unknown browser', 'Unknown browser']);
  });

  test('changing the password: the current one, the rules of create-admin, other sessions end', async () => {
    await createAdmin(dataDir, 'password@example.com', PASSWORD);
    const phone = await signInFrom('password@example.com', PASSWORD, IPHONE, '203.0.113.8');
    const laptop = await signInFrom('password@example.com', PASSWORD, MAC, '198.51.100.21');

    const wrong = await changePassword(laptop, {
      currentPassword: 'not it',
      newPassword: NEW_PASSWORD,
      repeatPassword: NEW_PASSWORD,
    });
    assert.equal(wrong.status, 400);
    assert.deepEqual(((await wrong.json()) as { errors: unknown }).errors, {
      currentPassword: 'That is not your current password',
    });
    const short = await changePassword(laptop, {
      currentPassword: PASSWORD,
      newPassword: 'short',
      repeatPassword: 'short',
    });
    assert.equal(short.status, 400);
    assert.match(
      ((await short.json()) as { errors: { newPassword: string } }).errors.newPassword,
      /at least 12 characters/,
    );
    const mismatch = await changePassword(laptop, {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      repeatPassword: `${NEW_PASSWORD}!`,
    });
    assert.equal(mismatch.status, 400);
    assert.deepEqual(((await mismatch.json()) as { errors: unknown }).errors, {
      repeatPassword: 'The two new passwords are not the same',
    });
    for (const body of [null, [], { currentPassword: 1 }, 'text']) {
      const res = await changePassword(laptop, body);
      assert.equal(res.status, 400, JSON.stringify(body));
    }
    assert.equal(await signedIn(phone), true, 'nothing changed yet');

    const changed = await changePassword(laptop, {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      repeatPassword: NEW_PASSWORD,
    });
    assert.equal(changed.status, 200);
    const laptopNow = cookieFrom(changed);
    assert.equal(await signedIn(laptopNow), true, 'this session stays');
    assert.equal(await signedIn(phone), false, 'the other one ended');
    assert.equal(await signedIn(laptop), false, 'the old cookie of this browser is no key either');
    assert.equal((await login(server.url, 'password@example.com', PASSWORD)).status, 401, 'the old password');
    assert.equal((await login(server.url, 'password@example.com', NEW_PASSWORD)).status, 200, 'the new one');

    // create-admin still rescues the account: its password wins over the dashboard's.
    const cli = await runCli(['--username', 'password@example.com'], {
      dataDir,
      input: 'the password from the shell\n',
    });
    assert.equal(cli.code, 0, cli.stderr);
    assert.equal((await login(server.url, 'password@example.com', NEW_PASSWORD)).status, 401);
    assert.equal(
      (await login(server.url, 'password@example.com', 'the password from the shell')).status,
      200,
    );
    assert.equal(await signedIn(laptopNow), false, 'and ends every session');
  });

  test('"Sign out everywhere else" holds across a restart', async () => {
    await createAdmin(dataDir, 'restart@example.com', PASSWORD);
    const phone = await signInFrom('restart@example.com', PASSWORD, IPHONE, '203.0.113.9');
    const tablet = await signInFrom('restart@example.com', PASSWORD, IPHONE, '203.0.113.10');
    const laptop = await signInFrom('restart@example.com', PASSWORD, MAC, '198.51.100.22');
    const res = await postTo(server.url, '/api/account/sessions/sign-out-others', {
      Cookie: laptop,
      'User-Agent': MAC,
    });
    assert.equal(res.status, 200);
    const laptopNow = cookieFrom(res);
    assert.equal(await signedIn(laptopNow), true);
    assert.deepEqual(await Promise.all([signedIn(phone), signedIn(tablet)]), [false, false]);

    await server.stop();
    server = await startServer({ env, dataDir });
    assert.deepEqual(await Promise.all([signedIn(phone), signedIn(tablet)]), [false, false], 'still ended');
    assert.equal(await signedIn(laptopNow), true, 'still signed in here');
    const sessions = await list(laptopNow);
    assert.deepEqual(
      sessions.map((session) => [session.device, session.current]),
      [['Chrome on Mac', true]],
    );
  });

  test('signed out: every call of the account page is 401', async () => {
    for (const [method, route] of [
      ['GET', '/api/account/sessions'],
      ['POST', '/api/account/sessions/sign-out-others'],
      ['POST', '/api/account/sessions/x/sign-out'],
      ['POST', '/api/account/password'],
    ] as const) {
      const res = await fetch(`${server.url}${route}`, { method });
      assert.equal(res.status, 401, route);
    }
  });
});
