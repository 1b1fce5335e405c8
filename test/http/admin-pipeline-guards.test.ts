/**
 * The last four admin APIs on the one pipeline (issue 26): the inquiries' list, the spam triage,
 * the account and the backups refuse a signed-out call (401) and a cross-site one (403) in the
 * same words as before, reach their handlers for the signed-in breeder from this site, and
 * answer a refused body in the same words and fields; the contact form's submission and timer
 * stay public.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { NOT_SIGNED_IN } from '../../src/features/account/sign-in';
import { passwordChangeMessages, secondStepMessages } from '../../src/shared/schemas';
import { ADMIN, createAdmin, PASSWORD, signIn } from '../helpers/admin';
import { postInquiry, uniqueInquiry } from '../helpers/inquiries';
import { suiteServer } from '../helpers/suite';

const CROSS_SITE = 'Requests from other sites are not accepted.';
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

/** Every route that moved, with a body it can be sent (a refusal must come before any effect). */
const moved: { method: string; path: string; body?: unknown }[] = [
  { method: 'GET', path: '/api/inquiries' },
  { method: 'POST', path: `/api/inquiries/${NO_SUCH_ID}/not-spam` },
  { method: 'DELETE', path: `/api/inquiries/${NO_SUCH_ID}` },
  { method: 'GET', path: '/api/account' },
  { method: 'POST', path: '/api/account/two-step/setup' },
  { method: 'POST', path: '/api/account/two-step/enable', body: { code: '123456' } },
  { method: 'POST', path: '/api/account/two-step/disable', body: { code: '123456' } },
  { method: 'GET', path: '/api/account/sessions' },
  { method: 'POST', path: '/api/account/sessions/sign-out-others' },
  { method: 'POST', path: `/api/account/sessions/${NO_SUCH_ID}/sign-out` },
  {
    method: 'POST',
    path: '/api/account/password',
    body: { currentPassword: PASSWORD, newPassword: 'another long password', repeatPassword: 'x' },
  },
  { method: 'GET', path: '/api/account/passkeys' },
  { method: 'POST', path: '/api/account/passkeys/options' },
  { method: 'POST', path: '/api/account/passkeys', body: { name: 'Phone', response: {} } },
  { method: 'DELETE', path: `/api/account/passkeys/${NO_SUCH_ID}` },
  { method: 'GET', path: '/api/backup' },
  { method: 'POST', path: '/api/backup' },
  { method: 'GET', path: '/api/backup/download' },
];

describe('the moved admin routes keep their refusals', () => {
  const server = suiteServer({ env: { INQUIRY_RATE_LIMIT: 'off' } });
  let cookie: string;
  before(async () => {
    await createAdmin(server.dataDir, ADMIN, PASSWORD);
    cookie = await signIn(server.url, ADMIN, PASSWORD);
  });

  const call = (
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: unknown,
  ): Promise<Response> =>
    fetch(`${server.url}${path}`, {
      method,
      redirect: 'manual',
      headers: body === undefined ? headers : { 'Content-Type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  const answer = async (res: Response) => ({ status: res.status, body: (await res.json()) as unknown });

  test('a signed-out call to each gets 401 "You are not signed in." and changes nothing', async () => {
    for (const route of moved) {
      const res = await call(route.method, route.path, {}, route.body);
      assert.deepEqual(await answer(res), { status: 401, body: { message: NOT_SIGNED_IN } }, route.path);
      assert.equal(res.headers.get('cache-control'), 'private, no-store', route.path);
    }
    assert.equal((await call('GET', '/api/user', { Cookie: cookie })).status, 200, 'still signed in');
  });

  test('a cross-site call to each, reads included, gets 403 even with her cookie', async () => {
    const foreign: Record<string, string>[] = [
      { 'Sec-Fetch-Site': 'cross-site' },
      { Origin: 'http://evil.example' },
    ];
    for (const headers of foreign) {
      for (const route of moved) {
        const res = await call(route.method, route.path, { ...headers, Cookie: cookie }, route.body);
        assert.deepEqual(await answer(res), { status: 403, body: { message: CROSS_SITE } }, route.path);
        // Signed out too: the same-origin rule comes first, as it did.
        const out = await call(route.method, route.path, headers, route.body);
        assert.deepEqual(await answer(out), { status: 403, body: { message: CROSS_SITE } }, route.path);
      }
    }
    assert.equal((await call('GET', '/api/user', { Cookie: cookie })).status, 200, 'the session survived');
  });

  test('signed in from this site, each reaches its handler and refuses in its own words', async () => {
    const own = { Cookie: cookie, 'Sec-Fetch-Site': 'same-origin' };
    for (const path of [
      '/api/inquiries',
      '/api/account',
      '/api/account/sessions',
      '/api/account/passkeys',
      '/api/backup',
    ])
      assert.equal((await call('GET', path, own)).status, 200, path);

    const refusals: [string, string, unknown, number, unknown][] = [
      ['POST', `/api/inquiries/${NO_SUCH_ID}/not-spam`, undefined, 404, { message: 'No such inquiry.' }],
      ['DELETE', `/api/inquiries/${NO_SUCH_ID}`, undefined, 404, { message: 'No such inquiry.' }],
      [
        'POST',
        '/api/account/two-step/enable',
        {},
        400,
        { message: secondStepMessages.codeRequired, errors: { code: secondStepMessages.codeRequired } },
      ],
      [
        'POST',
        `/api/account/sessions/${NO_SUCH_ID}/sign-out`,
        undefined,
        404,
        { message: 'That session has ended already.' },
      ],
      [
        'POST',
        '/api/account/passkeys',
        { name: ' ', response: {} },
        400,
        {
          message: 'Name this passkey (at most 60 characters), e.g. iPhone',
          errors: { name: 'Name this passkey (at most 60 characters), e.g. iPhone' },
        },
      ],
      [
        'POST',
        '/api/account/passkeys',
        { name: 'Phone' },
        400,
        { message: 'The passkey could not be added. Try again.' },
      ],
      [
        'DELETE',
        `/api/account/passkeys/${NO_SUCH_ID}`,
        undefined,
        404,
        { message: 'That passkey was removed already.' },
      ],
    ];
    for (const [method, path, body, status, expected] of refusals)
      assert.deepEqual(await answer(await call(method, path, own, body)), { status, body: expected }, path);

    const password = await answer(await call('POST', '/api/account/password', own, {}));
    assert.equal(password.status, 400);
    const { message, errors } = password.body as { message: string; errors: Record<string, string> };
    assert.equal(message, 'Please correct the highlighted fields.');
    assert.equal(errors.currentPassword, passwordChangeMessages.current);
    assert.equal(errors.newPassword, passwordChangeMessages.next);
  });

  test('the contact form’s timer and submission stay public', async () => {
    const timer = await call('GET', '/api/inquiries/form-timer', {});
    assert.equal(timer.status, 200);
    assert.equal(typeof ((await timer.json()) as { timer?: unknown }).timer, 'string');
    assert.equal((await postInquiry(server.url, uniqueInquiry('public'))).status, 201);
  });
});
