import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { ADMIN, createAdmin, login, PASSWORD, sessionCookies } from '../helpers/admin';
import { suiteServer } from '../helpers/suite';

describe('the admin API behind a trusted proxy', () => {
  const server = suiteServer({ env: { TRUST_PROXY: '1' } });
  let n = 0;
  /** Every call from a new client address, unless one is given. */
  const from = (ip = `203.0.113.${++n}`) => ({ 'X-Forwarded-For': ip });

  before(async () => {
    await createAdmin(server.dataDir, ADMIN, PASSWORD);
    await createAdmin(server.dataDir, 'target@example.com', PASSWORD);
  });

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
