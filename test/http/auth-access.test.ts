import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import * as cheerio from 'cheerio';
import { ADMIN, createAdmin, getJson, login, PASSWORD, postTo, runCli, signIn } from '../helpers/admin';
import { postInquiry, uniqueInquiry } from '../helpers/inquiries';
import { suiteServer } from '../helpers/suite';

describe('what a session gives access to', () => {
  const server = suiteServer({ env: { INQUIRY_RATE_LIMIT: 'off' } });
  before(() => createAdmin(server.dataDir, ADMIN, PASSWORD));

  test('without a session, /api/user and /api/inquiries answer 401 { message }, never cached', async () => {
    for (const path of ['/api/user', '/api/inquiries']) {
      const res = await getJson(`${server.url}${path}`);
      assert.equal(res.status, 401, path);
      assert.equal(res.headers.get('cache-control'), 'private, no-store');
      const body = (await res.json()) as { message?: unknown };
      assert.equal(typeof body.message, 'string');
    }
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
      const res = await postTo(server.url, '/api/login', headers, { username: ADMIN, password: PASSWORD });
      assert.equal(res.status, 403, JSON.stringify(headers));
      assert.equal(typeof ((await res.json()) as { message?: unknown }).message, 'string');
      assert.equal((await postTo(server.url, '/api/logout', { ...headers, Cookie: cookie })).status, 403);
      assert.equal((await postInquiry(server.url, uniqueInquiry('cross'), headers)).status, 403);
    }
    assert.equal((await getJson(`${server.url}/api/user`, cookie)).status, 200, 'the session survived');

    // The site's own pages send these, and pass.
    const own = { Origin: server.url, 'Sec-Fetch-Site': 'same-origin' };
    assert.equal(
      (await postTo(server.url, '/api/login', own, { username: ADMIN, password: PASSWORD })).status,
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

  test('/api/inquiries lists every inquiry, newest first, with the spec fields and readAt only', async () => {
    const sent = [
      uniqueInquiry('first'),
      { ...uniqueInquiry('second'), phone: '555-0100', puppy: undefined },
      uniqueInquiry('third'),
    ];
    for (const inquiry of sent) assert.equal((await postInquiry(server.url, inquiry)).status, 201);
    const cookie = await signIn(server.url, ADMIN, PASSWORD);
    const res = await getJson(`${server.url}/api/inquiries`, cookie);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'private, no-store');
    const list = (await res.json()) as Record<string, string>[];
    const mine = list.filter((inquiry) => sent.some((s) => s.email === inquiry.email));
    assert.deepEqual(
      mine.map((inquiry) => inquiry.email),
      sent.map((inquiry) => inquiry.email).reverse(),
    );
    const allowed = new Set(['id', 'name', 'email', 'phone', 'puppy', 'message', 'createdAt', 'readAt']);
    for (const inquiry of list) {
      for (const key of Object.keys(inquiry)) assert.ok(allowed.has(key), key);
      for (const key of ['id', 'name', 'email', 'message', 'createdAt'])
        assert.equal(typeof inquiry[key], 'string');
      assert.equal(inquiry.readAt, null, 'none opened yet');
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
      assert.equal(res.headers.get('cache-control'), 'private, no-store');
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
