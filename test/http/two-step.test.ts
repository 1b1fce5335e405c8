import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { Secret, TOTP } from 'otpauth';
import { cookieFrom, createAdmin, getJson, login, PASSWORD, postTo, runCli } from '../helpers/admin';
import { suiteServer } from '../helpers/suite';

/**
 * The authenticator app as a second step (decision 102), with codes made here as an app makes
 * them (RFC 6238: SHA-1, 6 digits, 30 s).
 */

const STEP_MS = 30_000;

/** A client address per test, so one test's failures never lock another's client key. */
let clients = 0;
const newClient = () => ({ 'X-Forwarded-For': `198.51.100.${++clients}` });

const codeAt = (secret: string, stepOffset = 0) =>
  TOTP.generate({
    secret: Secret.fromBase32(secret.replace(/\s/g, '')),
    timestamp: Date.now() + stepOffset * STEP_MS,
  });

/** Waits until at least `ms` are left in the current 30-second step, so a sequence stays inside it. */
async function awayFromStepEnd(ms = 8_000) {
  const left = STEP_MS - (Date.now() % STEP_MS);
  if (left < ms) await new Promise((resolve) => setTimeout(resolve, left + 200));
}

describe('two-step sign-in with an authenticator app', () => {
  const server = suiteServer({ env: { TRUST_PROXY: 'loopback', INQUIRY_RATE_LIMIT: 'off' } });

  async function signedIn(username: string, headers = newClient()) {
    const res = await login(server.url, username, PASSWORD, headers);
    assert.equal(res.status, 200, await res.clone().text());
    return cookieFrom(res);
  }

  /** Turns the app on for `username` through the API, as the account page does. */
  async function turnOn(username: string, enableWithStep = 0) {
    const cookie = await signedIn(username);
    const setup = await postTo(server.url, '/api/account/two-step/setup', { Cookie: cookie });
    assert.equal(setup.status, 200);
    const { secret, uri, qrCode } = (await setup.json()) as { secret: string; uri: string; qrCode: string };
    assert.match(secret, /^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
    assert.match(uri, /^otpauth:\/\/totp\//);
    assert.match(uri, new RegExp(`secret=${secret.replace(/\s/g, '')}`));
    assert.match(qrCode, /^data:image\/svg\+xml;base64,/);
    assert.match(Buffer.from(qrCode.split(',')[1] ?? '', 'base64').toString(), /<svg/);

    await awayFromStepEnd();
    const wrong = await postTo(
      server.url,
      '/api/account/two-step/enable',
      { Cookie: cookie },
      { code: '000000' === codeAt(secret) ? '111111' : '000000' },
    );
    assert.equal(wrong.status, 400);
    assert.equal(((await wrong.json()) as { errors: { code: string } }).errors.code.length > 0, true);

    const enabled = await postTo(
      server.url,
      '/api/account/two-step/enable',
      { Cookie: cookie },
      { code: codeAt(secret, enableWithStep) },
    );
    assert.equal(enabled.status, 200);
    const { recoveryCodes } = (await enabled.json()) as { recoveryCodes: string[] };
    assert.equal(recoveryCodes.length, 10);
    assert.equal(new Set(recoveryCodes).size, 10);
    return { secret, recoveryCodes, cookie };
  }

  /** The password step: no session yet, only the cookie that names the step owed. */
  async function passwordStep(username: string, headers = newClient()) {
    const res = await login(server.url, username, PASSWORD, headers);
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { secondStep: 'code' });
    return { cookie: cookieFrom(res), headers };
  }

  const sendCode = (pending: { cookie: string; headers: Record<string, string> }, code: unknown) =>
    postTo(server.url, '/api/login/code', { Cookie: pending.cookie, ...pending.headers }, { code });

  const users = [
    'app@example.com',
    'window@example.com',
    'recovery@example.com',
    'throttle@example.com',
    'off@example.com',
    'reset@example.com',
  ];
  before(async () => {
    for (const user of users) await createAdmin(server.dataDir, user, PASSWORD);
  });

  test('after the password, nothing is open until a good code is given', async () => {
    const { secret, cookie } = await turnOn('app@example.com');
    const account = await getJson(`${server.url}/api/account`, cookie);
    assert.deepEqual(await account.json(), {
      username: 'app@example.com',
      twoStep: { on: true, recoveryCodesLeft: 10 },
    });

    const pending = await passwordStep('app@example.com');
    // The second step cannot be skipped by calling the API directly.
    for (const path of ['/api/user', '/api/inquiries', '/api/account', '/api/puppies']) {
      assert.equal((await getJson(`${server.url}${path}`, pending.cookie)).status, 401, path);
    }
    const page = await getJson(`${server.url}/admin`, pending.cookie);
    assert.equal(page.status, 303);
    assert.equal(page.headers.get('location'), '/admin/login');
    const setup = await postTo(server.url, '/api/account/two-step/setup', { Cookie: pending.cookie });
    assert.equal(setup.status, 401);

    // The current step's code turned it on: the next step's is good (and the current one's not).
    assert.equal((await sendCode(pending, codeAt(secret))).status, 401);
    const done = await sendCode(pending, codeAt(secret, 1));
    assert.equal(done.status, 200);
    assert.equal(((await done.json()) as { username: string }).username, 'app@example.com');
    const me = await getJson(`${server.url}/api/user`, cookieFrom(done));
    assert.equal(me.status, 200);
  });

  test('codes of the previous and next step are good, older ones and reused ones are not', async () => {
    // Turned on with the previous step's code (the window allows it), then a step passes: the
    // previous step's code of now is the first one not used yet.
    const { secret } = await turnOn('window@example.com', -1);
    await new Promise((resolve) => setTimeout(resolve, STEP_MS - (Date.now() % STEP_MS) + 200));
    await awayFromStepEnd(15_000);
    const [older, previous, current, next, later] = [-2, -1, 0, 1, 2].map((offset) => codeAt(secret, offset));

    let pending = await passwordStep('window@example.com');
    assert.equal((await sendCode(pending, older)).status, 401, 'two steps ago');
    assert.equal((await sendCode(pending, later)).status, 401, 'two steps ahead');
    assert.equal((await sendCode(pending, previous)).status, 200, 'the previous step');

    pending = await passwordStep('window@example.com');
    const reused = await sendCode(pending, previous);
    assert.equal(reused.status, 401, 'a code is good once');
    assert.match(((await reused.json()) as { message: string }).message, /did not work/);
    assert.equal((await sendCode(pending, current)).status, 200, 'the current step');

    pending = await passwordStep('window@example.com');
    assert.equal((await sendCode(pending, next)).status, 200, 'the next step');

    pending = await passwordStep('window@example.com');
    assert.equal((await sendCode(pending, current)).status, 401, 'older than the last one used');
  });

  test('each recovery code works once', async () => {
    const { recoveryCodes } = await turnOn('recovery@example.com');
    const [first, second] = recoveryCodes;
    assert.ok(first && second);

    let pending = await passwordStep('recovery@example.com');
    const used = await sendCode(pending, first);
    assert.equal(used.status, 200);
    const account = await getJson(`${server.url}/api/account`, cookieFrom(used));
    assert.equal(
      ((await account.json()) as { twoStep: { recoveryCodesLeft: number } }).twoStep.recoveryCodesLeft,
      9,
    );

    pending = await passwordStep('recovery@example.com');
    assert.equal((await sendCode(pending, first)).status, 401, 'used up');
    // As typed from paper: other case, a space instead of the dash.
    assert.equal((await sendCode(pending, second.toUpperCase().replace('-', ' '))).status, 200);
  });

  test('wrong codes count against the same throttle as passwords, by user', async () => {
    const { secret } = await turnOn('throttle@example.com');
    // Each request from its own client: only the username's counter can lock.
    const pending = await passwordStep('throttle@example.com');
    const wrong = codeAt(secret) === '123456' ? '654321' : '123456';
    const answers: number[] = [];
    for (let i = 0; i < 5; i++)
      answers.push((await sendCode({ ...pending, headers: newClient() }, wrong)).status);
    // The password step counted one attempt; four wrong codes make five.
    assert.deepEqual(answers, [401, 401, 401, 401, 429]);
    const locked = await sendCode({ ...pending, headers: newClient() }, codeAt(secret));
    assert.equal(locked.status, 429, 'a good code waits too');
    assert.ok(Number(locked.headers.get('retry-after')) > 0);
    const password = await login(server.url, 'throttle@example.com', PASSWORD, newClient());
    assert.equal(password.status, 429, 'and so does the password');
  });

  test('turning off needs a current code', async () => {
    const { secret, cookie } = await turnOn('off@example.com');
    const disable = (code: string) =>
      postTo(server.url, '/api/account/two-step/disable', { Cookie: cookie, ...newClient() }, { code });
    assert.equal((await disable('12')).status, 400);
    assert.equal((await disable(codeAt(secret))).status, 400, 'the code that turned it on is used');
    const off = await disable(codeAt(secret, 1));
    assert.equal(off.status, 200);
    const res = await login(server.url, 'off@example.com', PASSWORD, newClient());
    assert.equal(
      ((await res.json()) as { username?: string }).username,
      'off@example.com',
      'the password alone again',
    );
  });

  test('create-admin --reset-second-step turns it off for a lost phone, and says so', async () => {
    const { cookie: session } = await turnOn('reset@example.com');
    // A new password from the shell keeps the second step (it does not bypass it).
    const password = await runCli(['--username', 'reset@example.com'], {
      dataDir: server.dataDir,
      input: `${PASSWORD}\n`,
    });
    assert.equal(password.code, 0, password.stderr);
    await passwordStep('reset@example.com');
    const result = await runCli(['--username', 'reset@example.com', '--reset-second-step'], {
      dataDir: server.dataDir,
    });
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /Two-step sign-in of reset@example.com is off/);
    assert.equal(
      (await getJson(`${server.url}/api/user`, session)).status,
      401,
      'signed out (by the password already)',
    );
    const res = await login(server.url, 'reset@example.com', PASSWORD, newClient());
    assert.equal(((await res.json()) as { username?: string }).username, 'reset@example.com');

    const unknown = await runCli(['--username', 'nobody@example.com', '--reset-second-step'], {
      dataDir: server.dataDir,
    });
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /no admin nobody@example.com/);
  });

  test('hostile bodies get a clear 400, and no second step under way a 401', async () => {
    const pending = await passwordStep('app@example.com');
    for (const code of [undefined, 123456, 'x'.repeat(41), '', ['123456']]) {
      const res = await sendCode(pending, code);
      assert.equal(res.status, 400, JSON.stringify(code));
      assert.equal(typeof ((await res.json()) as { message: unknown }).message, 'string');
    }
    const none = await postTo(server.url, '/api/login/code', newClient(), { code: '123456' });
    assert.equal(none.status, 401);
    assert.deepEqual(await none.json(), { message: 'Sign in with your password first.' });
    const signedOut = await postTo(server.url, '/api/account/two-step/setup', newClient());
    assert.equal(signedOut.status, 401);
  });
});
