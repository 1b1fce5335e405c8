import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, afterEach, before, beforeEach, describe, mock, test } from 'node:test';
import express from 'express';
import { createLoginThrottle } from './login-throttle.server';

const MINUTE = 60_000;

/** A sign-in route behind the throttle: the password "right" succeeds, anything else fails. */
function startApp() {
  const throttle = createLoginThrottle({
    username: (req) => String(req.body.username),
    logger: { info: () => {} },
  });
  const app = express();
  app.set('trust proxy', true);
  app.use(express.json());
  app.post('/login', ...throttle.guard, async (req, res) => {
    if (req.body.password !== 'right') {
      res.status(401).json({ message: 'wrong' });
      return;
    }
    await throttle.succeeded(req, res);
    res.json({ message: 'ok' });
  });
  return new Promise<{ url: string; close: () => void }>((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}/login`, close: () => server.close() });
    });
  });
}

describe('the login throttle', () => {
  let app: { url: string; close: () => void };
  before(async () => {
    app = await startApp();
  });
  after(() => app.close());
  // Each test runs at its own (mocked) time, far from the others, so their windows never overlap.
  let epoch = 0;
  beforeEach(() => {
    epoch += 24 * 60 * MINUTE;
    mock.timers.enable({ apis: ['Date'], now: epoch });
  });
  afterEach(() => mock.timers.reset());

  const attempt = async (username: string, client: string, password = 'wrong') => {
    const res = await fetch(app.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': client },
      body: JSON.stringify({ username, password }),
    });
    const body = (await res.json()) as { message: string; retryAfter?: number };
    return { status: res.status, retryAfter: Number(res.headers.get('retry-after') ?? 0), body };
  };
  /** A fresh client address for every call, so only the username counts. */
  let n = 0;
  const anyClient = () => `203.0.113.${(++n % 250) + 1}`;

  test('locks a username after 5 failures, until 15 minutes after its first failure', async () => {
    for (let i = 0; i < 4; i++) {
      assert.equal((await attempt('a', anyClient())).status, 401);
      mock.timers.tick(MINUTE);
    }
    assert.equal((await attempt('a', anyClient())).status, 401); // the 5th, 4 minutes after the first
    const locked = await attempt('a', anyClient(), 'right');
    assert.equal(locked.status, 429);
    assert.equal(locked.retryAfter, 11 * 60);
    assert.equal(locked.body.retryAfter, 11 * 60);
    assert.equal(locked.body.message, 'Too many failed sign-in attempts. Try again in 11 minutes.');
    mock.timers.tick(10 * MINUTE);
    assert.equal((await attempt('a', anyClient(), 'right')).retryAfter, 60);
    mock.timers.tick(MINUTE);
    assert.equal((await attempt('a', anyClient(), 'right')).status, 200);
  });

  test('attempts made while locked do not extend the lock', async () => {
    for (let i = 0; i < 5; i++) assert.equal((await attempt('b', anyClient())).status, 401);
    for (let i = 0; i < 14; i++) {
      mock.timers.tick(MINUTE);
      assert.equal((await attempt('b', anyClient())).status, 429);
    }
    assert.equal((await attempt('b', anyClient())).retryAfter, 60);
    mock.timers.tick(MINUTE);
    assert.equal((await attempt('b', anyClient())).status, 401);
  });

  test('username and client are independent, and the longest lock among them wins', async () => {
    for (let i = 0; i < 5; i++) await attempt(`guess${i}`, '198.51.100.1');
    mock.timers.tick(5 * MINUTE);
    for (let i = 0; i < 5; i++) await attempt('c', anyClient());
    assert.equal((await attempt('other', '198.51.100.2', 'right')).status, 200);
    const both = await attempt('c', '198.51.100.1', 'right');
    assert.equal(both.status, 429);
    assert.equal(both.retryAfter, 15 * 60);
    assert.equal((await attempt('other', '198.51.100.1', 'right')).retryAfter, 10 * 60);
    assert.equal((await attempt('c', anyClient(), 'right')).retryAfter, 15 * 60);
  });

  test("a success forgets the username's failures and takes back one of the client's", async () => {
    const client = '198.51.100.3';
    for (let i = 0; i < 4; i++) assert.equal((await attempt('d', client)).status, 401);
    assert.equal((await attempt('d', client, 'right')).status, 200);
    // The username starts again from 0; the client has 4 failures: one more, then locked.
    assert.equal((await attempt('d', client)).status, 401);
    assert.equal((await attempt('d', client)).status, 429);
    // The username has 1 failure since the success: 4 more lock it.
    for (let i = 0; i < 4; i++) assert.equal((await attempt('d', anyClient())).status, 401);
    assert.equal((await attempt('d', anyClient())).status, 429);
  });

  test('attempts refused for one key do not count against the other', async () => {
    const stranger = '198.51.100.4';
    for (let i = 0; i < 5; i++) await attempt(`stranger${i}`, stranger);
    // The locked client keeps trying one username: none of it counts against that username.
    for (let i = 0; i < 10; i++) assert.equal((await attempt('e', stranger)).status, 429);
    for (let i = 0; i < 5; i++) assert.equal((await attempt('e', anyClient())).status, 401);
    assert.equal((await attempt('e', anyClient())).status, 429);
  });

  test('parallel guesses cannot slip past the limit while passwords are checked', async () => {
    const client = '198.51.100.5';
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => attempt(`burst${i}`, client)));
    const statuses = answers.map((answer) => answer.status);
    assert.equal(statuses.filter((status) => status === 401).length, 5, statuses.join());
    assert.equal(statuses.filter((status) => status === 429).length, 7, statuses.join());
  });
});
