import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as cheerio from 'cheerio';
import { cookieFrom, createAdmin, getJson, login, runCli, signIn } from './helpers/admin';
import { postInquiry, uniqueInquiry } from './helpers/inquiries';
import { type RunningServer, startServer } from './helpers/server';

const ADMIN = 'breeder@example.com';
const PASSWORD = 'correct horse battery';
const INVALID = { message: 'Invalid username or password' };
const TWELVE_HOURS_MS = 12 * 60 * 60 * 1000;

/** The Set-Cookie lines of the session cookie (value and signature), lower-cased for matching. */
const sessionCookies = (res: Response) =>
  res.headers
    .getSetCookie()
    .filter((line) => line.startsWith('doodles.sid'))
    .map((line) => line.toLowerCase());

const post = (url: string, path: string, headers: Record<string, string> = {}, body?: unknown) =>
  fetch(`${url}${path}`, {
    method: 'POST',
    headers: body === undefined ? headers : { 'Content-Type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe('the admin API over plain http', () => {
  let server: RunningServer;
  before(async () => {
    server = await startServer({ env: { INQUIRY_RATE_LIMIT: 'off' } });
    await createAdmin(server.dataDir, ADMIN, PASSWORD);
  });
  after(() => server.stop());

  test('without a session, /api/user and /api/inquiries answer 401 { message }, never cached', async () => {
    for (const path of ['/api/user', '/api/inquiries']) {
      const res = await getJson(`${server.url}${path}`);
      assert.equal(res.status, 401, path);
      assert.equal(res.headers.get('cache-control'), 'no-store');
      const body = (await res.json()) as { message?: unknown };
      assert.equal(typeof body.message, 'string');
    }
  });

  test('sign-in, current user and logout make one cycle', async () => {
    const res = await login(server.url, ADMIN, PASSWORD);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    const user = (await res.json()) as Record<string, unknown>;
    assert.deepEqual(Object.keys(user).sort(), ['id', 'username']);
    assert.equal(user.username, ADMIN);
    const cookie = cookieFrom(res);

    const me = await getJson(`${server.url}/api/user`, cookie);
    assert.equal(me.status, 200);
    assert.deepEqual(await me.json(), user);

    const out = await post(server.url, '/api/logout', { Cookie: cookie });
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
    assert.equal((await post(server.url, '/api/logout')).status, 200);
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
      const res = await post(server.url, '/api/login', {}, body);
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

  test('state-changing calls from another origin are refused with 403', async () => {
    const cookie = await signIn(server.url, ADMIN, PASSWORD);
    const foreign: Record<string, string>[] = [
      { Origin: 'http://evil.example' },
      { Origin: 'null' },
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site' },
    ];
    for (const headers of foreign) {
      const res = await post(server.url, '/api/login', headers, { username: ADMIN, password: PASSWORD });
      assert.equal(res.status, 403, JSON.stringify(headers));
      assert.equal(typeof ((await res.json()) as { message?: unknown }).message, 'string');
      assert.equal((await post(server.url, '/api/logout', { ...headers, Cookie: cookie })).status, 403);
      assert.equal((await postInquiry(server.url, uniqueInquiry('cross'), headers)).status, 403);
    }
    assert.equal((await getJson(`${server.url}/api/user`, cookie)).status, 200, 'the session survived');

    // The site's own pages send these, and pass.
    const own = { Origin: server.url, 'Sec-Fetch-Site': 'same-origin' };
    assert.equal(
      (await post(server.url, '/api/login', own, { username: ADMIN, password: PASSWORD })).status,
      200,
    );
  });

  test('a password change through the CLI ends an existing session', async () => {
    const dataDir = server.dataDir;
    const other = 'second-admin@example.com';
    await createAdmin(dataDir, other, PASSWORD);
    const cookie = await signIn(server.url, other, PASSWORD);
    assert.equal((await getJson(`${server.url}/api/user`, cookie)).status, 200);
    const result = await runCli(['--username', other], { dataDir, input: 'a different password\n' });
    assert.equal(result.code, 0, result.stderr);
    assert.equal((await getJson(`${server.url}/api/user`, cookie)).status, 401);
    assert.equal((await getJson(`${server.url}/api/inquiries`, cookie)).status, 401);
    assert.equal((await login(server.url, other, 'a different password')).status, 200);
  });

  test('/api/inquiries lists every inquiry, newest first, with the spec fields only', async () => {
    const sent = [
      uniqueInquiry('first'),
      { ...uniqueInquiry('second'), phone: '555-0100', puppy: undefined },
      uniqueInquiry('third'),
    ];
    for (const inquiry of sent) assert.equal((await postInquiry(server.url, inquiry)).status, 201);
    const cookie = await signIn(server.url, ADMIN, PASSWORD);
    const res = await getJson(`${server.url}/api/inquiries`, cookie);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    const list = (await res.json()) as Record<string, string>[];
    const mine = list.filter((inquiry) => sent.some((s) => s.email === inquiry.email));
    assert.deepEqual(
      mine.map((inquiry) => inquiry.email),
      sent.map((inquiry) => inquiry.email).reverse(),
    );
    const allowed = new Set(['id', 'name', 'email', 'phone', 'puppy', 'message', 'createdAt']);
    for (const inquiry of list) {
      for (const key of Object.keys(inquiry)) assert.ok(allowed.has(key), key);
      for (const key of ['id', 'name', 'email', 'message', 'createdAt'])
        assert.equal(typeof inquiry[key], 'string');
    }
    assert.equal(mine[1]?.phone, '555-0100');
    const dates = list.map((inquiry) => Date.parse(inquiry.createdAt ?? ''));
    assert.deepEqual(
      dates,
      [...dates].sort((a, b) => b - a),
    );
  });

  test('a signed-out visitor of /admin is redirected to /admin/login, uncached', async () => {
    for (const path of ['/admin', '/admin/']) {
      const res = await getJson(`${server.url}${path}`);
      assert.equal(res.status, 303, path);
      assert.equal(res.headers.get('location'), '/admin/login');
      assert.equal(res.headers.get('cache-control'), 'no-store');
    }
    assert.equal((await getJson(`${server.url}/admin/login`)).status, 200);
  });

  test('a signed-in visitor of /admin/login is redirected to /admin, and /admin shows no user data', async () => {
    const cookie = await signIn(server.url, ADMIN, PASSWORD);
    const res = await getJson(`${server.url}/admin/login`, cookie);
    assert.equal(res.status, 303);
    assert.equal(res.headers.get('location'), '/admin');
    const page = await getJson(`${server.url}/admin`, cookie);
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.ok(!html.includes(ADMIN), 'the cached page carries no username');
    assert.equal(cheerio.load(html)('[role="status"]').length > 0, true, 'a spinner until the user loads');
  });
});

describe('the admin API behind a trusted proxy', () => {
  let server: RunningServer;
  let n = 0;
  /** Every call from a new client address, unless one is given. */
  const from = (ip = `203.0.113.${++n}`) => ({ 'X-Forwarded-For': ip });

  before(async () => {
    server = await startServer({ env: { TRUST_PROXY: '1' } });
    await createAdmin(server.dataDir, ADMIN, PASSWORD);
    await createAdmin(server.dataDir, 'target@example.com', PASSWORD);
  });
  after(() => server.stop());

  test('X-Forwarded-Proto: https makes the session cookie Secure', async () => {
    const res = await login(server.url, ADMIN, PASSWORD, { ...from(), 'X-Forwarded-Proto': 'https' });
    assert.equal(res.status, 200);
    const lines = sessionCookies(res);
    assert.ok(lines.length >= 1);
    for (const line of lines) {
      assert.match(line, /; secure/);
      assert.match(line, /; httponly/);
      assert.match(line, /; samesite=lax/);
    }
    const plain = await login(server.url, ADMIN, PASSWORD, { ...from(), 'X-Forwarded-Proto': 'http' });
    for (const line of sessionCookies(plain)) assert.doesNotMatch(line, /; secure/);
  });

  test('Origin is compared with X-Forwarded-Host behind a trusted proxy', async () => {
    const headers = { ...from(), Origin: 'https://doodles.example', 'X-Forwarded-Host': 'doodles.example' };
    assert.equal((await login(server.url, ADMIN, PASSWORD, headers)).status, 200);
    const foreign = { ...headers, Origin: 'https://evil.example' };
    assert.equal((await login(server.url, ADMIN, PASSWORD, foreign)).status, 403);
  });

  test('5 failures for one username from anywhere lock it for 15 minutes: 429 with Retry-After', async () => {
    const username = 'target@example.com';
    for (let i = 0; i < 5; i++)
      assert.equal((await login(server.url, username, 'wrong', from())).status, 401);
    // Even the right password, from yet another address, waits.
    const res = await login(server.url, username, PASSWORD, from());
    assert.equal(res.status, 429);
    const retryAfter = Number(res.headers.get('retry-after'));
    assert.ok(Number.isInteger(retryAfter) && retryAfter > 0 && retryAfter <= 15 * 60, String(retryAfter));
    const body = (await res.json()) as { message: string; retryAfter: number };
    assert.match(body.message, /Try again in 15 minutes/);
    assert.equal(body.retryAfter, retryAfter);
    assert.deepEqual(sessionCookies(res), []);
    // Another account is not affected.
    assert.equal((await login(server.url, ADMIN, PASSWORD, from())).status, 200);
  });

  test('5 failures from one client lock that client, not the admin signing in elsewhere', async () => {
    const stranger = from('198.51.100.7');
    for (let i = 0; i < 5; i++) {
      const res = await login(server.url, `guess${i}@example.com`, 'wrong', stranger);
      assert.equal(res.status, 401);
    }
    const res = await login(server.url, ADMIN, PASSWORD, stranger);
    assert.equal(res.status, 429);
    assert.ok(Number(res.headers.get('retry-after')) > 0);
    assert.equal((await login(server.url, ADMIN, PASSWORD, from())).status, 200);
  });

  test('a successful sign-in clears the failures counted for that username', async () => {
    for (let i = 0; i < 4; i++) assert.equal((await login(server.url, ADMIN, 'wrong', from())).status, 401);
    assert.equal((await login(server.url, ADMIN, PASSWORD, from())).status, 200);
    for (let i = 0; i < 4; i++) assert.equal((await login(server.url, ADMIN, 'wrong', from())).status, 401);
    assert.equal((await login(server.url, ADMIN, PASSWORD, from())).status, 200);
  });

  test('parallel guesses cannot slip past the limit while passwords are being checked', async () => {
    const client = from('198.51.100.99');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login(server.url, `burst${i}@example.com`, 'wrong', client)),
    );
    const statuses = answers.map((res) => res.status);
    assert.equal(statuses.filter((status) => status === 401).length, 5, statuses.join());
    assert.equal(statuses.filter((status) => status === 429).length, 7, statuses.join());
  });
});
