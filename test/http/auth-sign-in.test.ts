import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import {
  ADMIN,
  cookieFrom,
  createAdmin,
  getJson,
  login,
  PASSWORD,
  postTo,
  sessionCookies,
  signIn,
} from '../helpers/admin';
import { suiteServer } from '../helpers/suite';

const INVALID = { message: 'Invalid username or password' };
const TWELVE_HOURS_MS = 12 * 60 * 60 * 1000;

describe('signing in and out over plain http', () => {
  const server = suiteServer({ env: { INQUIRY_RATE_LIMIT: 'off' } });
  before(() => createAdmin(server.dataDir, ADMIN, PASSWORD));

  test('sign-in, current user and logout make one cycle', async () => {
    const res = await login(server.url, ADMIN, PASSWORD);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'private, no-store');
    const user = (await res.json()) as Record<string, unknown>;
    assert.deepEqual(Object.keys(user).sort(), ['id', 'username']);
    assert.equal(user.username, ADMIN);
    const cookie = cookieFrom(res);

    const me = await getJson(`${server.url}/api/user`, cookie);
    assert.equal(me.status, 200);
    assert.deepEqual(await me.json(), user);

    const out = await postTo(server.url, '/api/logout', { Cookie: cookie });
    assert.equal(out.status, 200);
    assert.equal(typeof ((await out.json()) as { message?: unknown }).message, 'string');
    const cleared = sessionCookies(out);
    assert.ok(cleared.length > 0, 'logout clears the cookie');
    for (const line of cleared) assert.match(line, /expires=thu, 01 jan 1970/);

    // A copy of the old cookie, replayed after logout, no longer signs anyone in.
    assert.equal((await getJson(`${server.url}/api/user`, cookie)).status, 401);
    assert.equal((await getJson(`${server.url}/api/inquiries`, cookie)).status, 401);
  });

  test('the username is matched without case or surrounding spaces', async () => {
    const res = await login(server.url, ` ${ADMIN.toUpperCase()} `, PASSWORD);
    assert.equal(res.status, 200);
  });

  test('logout without a session still answers 200', async () => {
    assert.equal((await postTo(server.url, '/api/logout')).status, 200);
  });

  test('a wrong password and an unknown username get the same 401 and no cookie', async () => {
    for (const [username, password] of [
      [ADMIN, 'not the password'],
      ['nobody@example.com', PASSWORD],
    ] as const) {
      const res = await login(server.url, username, password);
      assert.equal(res.status, 401);
      assert.deepEqual(await res.json(), INVALID);
      assert.deepEqual(sessionCookies(res), []);
    }
  });

  test('missing fields answer 400 with the spec messages per field', async () => {
    const cases: [unknown, Record<string, string>][] = [
      [{}, { username: 'Email is required', password: 'Password is required' }],
      [{ username: '   ', password: 'x' }, { username: 'Email is required' }],
      [{ username: ADMIN, password: '' }, { password: 'Password is required' }],
    ];
    for (const [body, errors] of cases) {
      const res = await postTo(server.url, '/api/login', {}, body);
      assert.equal(res.status, 400, JSON.stringify(body));
      const answer = (await res.json()) as { message: string; errors: Record<string, string> };
      assert.equal(typeof answer.message, 'string');
      assert.deepEqual(answer.errors, errors);
    }
  });

  test('a login body that is not JSON is refused with 415', async () => {
    const res = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: ADMIN, password: PASSWORD }).toString(),
    });
    assert.equal(res.status, 415);
  });

  test('the session cookie is HttpOnly, SameSite=Lax, not Secure over http, custom-named, 12 h', async () => {
    const res = await login(server.url, ADMIN, PASSWORD);
    const lines = sessionCookies(res);
    assert.ok(lines.length >= 1);
    assert.ok(!res.headers.getSetCookie().some((line) => /^session[=.]/.test(line)), 'not the default name');
    const sent = Date.parse(res.headers.get('date') ?? '');
    for (const line of lines) {
      assert.match(line, /; httponly/);
      assert.match(line, /; samesite=lax/);
      assert.match(line, /; path=\//);
      assert.doesNotMatch(line, /; secure/);
      const expires = Date.parse(line.match(/expires=([^;]+)/)?.[1] ?? '');
      assert.ok(Math.abs(expires - sent - TWELVE_HOURS_MS) <= 60_000, line);
    }
  });

  test('X-Forwarded-Proto from an untrusted client does not make the cookie Secure', async () => {
    const res = await login(server.url, ADMIN, PASSWORD, { 'X-Forwarded-Proto': 'https' });
    assert.equal(res.status, 200);
    for (const line of sessionCookies(res)) assert.doesNotMatch(line, /; secure/);
  });

  test('a tampered cookie signs nobody in', async () => {
    const cookie = await signIn(server.url, ADMIN, PASSWORD);
    const forged = cookie.replace(/doodles\.sid=([^;]+)/, (_m, value: string) => {
      const data = JSON.parse(Buffer.from(value, 'base64').toString());
      return `doodles.sid=${Buffer.from(JSON.stringify({ ...data, uid: 'someone-else' })).toString('base64')}`;
    });
    assert.notEqual(forged, cookie);
    assert.equal((await getJson(`${server.url}/api/user`, forged)).status, 401);
  });
});
