import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { HONEYPOT_FIELD, NO_PREFERENCE } from '../../src/features/inquiries/inquiry-fields';
import { seedNames as puppyNames } from '../../src/features/puppies/spec-puppies.server';
import {
  pageStateOf,
  postForm,
  postInquiry,
  readInquiriesFile,
  storedWithEmail,
  uniqueInquiry,
} from '../helpers/inquiries';
import { suiteServer } from '../helpers/suite';

const SENT_LOCATION = '/?inquiry=sent#contact';

/** The form's fields as a browser with scripts off sends them (every field, blanks included). */
const formFields = (label: string, change: Record<string, string> = {}) => ({
  ...uniqueInquiry(label),
  phone: '',
  puppy: NO_PREFERENCE,
  [HONEYPOT_FIELD]: '',
  ...change,
});

describe('the contact form posted with scripts off', () => {
  const server = suiteServer({ env: { INQUIRY_RATE_LIMIT: 'off' } });

  test('a valid form is stored once and answered with a 303 to the Thank You page', async () => {
    const fields = formFields('form-ok', { phone: ' 555-0100 ', puppy: puppyNames[0] ?? '' });
    const res = await postForm(server.url, fields);
    assert.equal(res.status, 303);
    assert.equal(res.headers.get('location'), SENT_LOCATION);

    const stored = await storedWithEmail(server.dataDir, fields.email);
    assert.equal(stored.length, 1);
    assert.equal(stored[0]?.phone, '555-0100');
    assert.equal(stored[0]?.puppy, puppyNames[0]);
    assert.equal(HONEYPOT_FIELD in (stored[0] ?? {}), false);

    // The page the browser then loads: reloading it stores nothing more.
    for (let i = 0; i < 2; i += 1) {
      const page = await fetch(new URL(SENT_LOCATION, server.url));
      assert.equal(page.status, 200);
      assert.equal(page.headers.get('cache-control'), 'private, no-store');
      assert.deepEqual(pageStateOf(await page.text()).contact, { status: 'sent' });
    }
    assert.equal((await storedWithEmail(server.dataDir, fields.email)).length, 1);
  });

  test('the plain landing page carries no form state and stays cacheable', async () => {
    const res = await fetch(`${server.url}/`);
    assert.equal(res.status, 200);
    assert.ok(res.headers.get('etag'));
    const state = pageStateOf(await res.text());
    assert.equal(state.contact, undefined);
    // The page's puppies travel with it (the breeder's, from DATA_DIR): nothing else.
    assert.deepEqual(Object.keys(state), ['puppies']);
  });

  test('no preference and a blank phone are not stored', async () => {
    const fields = formFields('form-nopref');
    assert.equal((await postForm(server.url, fields)).status, 303);
    const [stored] = await storedWithEmail(server.dataDir, fields.email);
    assert.ok(stored);
    assert.equal('puppy' in stored, false);
    assert.equal('phone' in stored, false);
  });

  test('an invalid form comes back with status 400, the values as typed and the spec messages', async () => {
    const fields = formFields('form-bad', { name: ' J ', email: 'not-an-email', message: 'Too short' });
    const res = await postForm(server.url, fields);
    assert.equal(res.status, 400);
    assert.match(res.headers.get('content-type') ?? '', /text\/html/);
    assert.equal(res.headers.get('cache-control'), 'private, no-store');
    assert.deepEqual(pageStateOf(await res.text()).contact, {
      status: 'invalid',
      values: { name: ' J ', email: 'not-an-email', phone: '', puppy: NO_PREFERENCE, message: 'Too short' },
      errors: {
        name: 'Name must be at least 2 characters',
        email: 'Please enter a valid email address',
        message: 'Message must be at least 10 characters',
      },
    });
    assert.deepEqual(await storedWithEmail(server.dataDir, 'not-an-email'), []);
  });

  test('the honeypot: the same redirect as a success, nothing stored', async () => {
    const fields = formFields('form-bot', { [HONEYPOT_FIELD]: 'https://spam.example' });
    const count = (await readInquiriesFile(server.dataDir)).inquiries.length;
    const res = await postForm(server.url, fields);
    assert.equal(res.status, 303);
    assert.equal(res.headers.get('location'), SENT_LOCATION);
    assert.equal((await readInquiriesFile(server.dataDir)).inquiries.length, count);
  });

  test('a post from another site is refused with 403 and not stored', async () => {
    const cases: Record<string, string>[] = [
      { Origin: 'https://evil.example' },
      { Origin: 'null' },
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site', Origin: 'https://www.evil.example' },
    ];
    for (const headers of cases) {
      const fields = formFields('form-csrf');
      const res = await postForm(server.url, fields, headers);
      assert.equal(res.status, 403, JSON.stringify(headers));
      assert.deepEqual(await storedWithEmail(server.dataDir, fields.email), []);
    }
  });

  test('a post from this site, as a browser sends it, is accepted', async () => {
    const fields = formFields('form-same-origin');
    const res = await postForm(server.url, fields, {
      Origin: new URL(server.url).origin,
      'Sec-Fetch-Site': 'same-origin',
    });
    assert.equal(res.status, 303);
    assert.equal((await storedWithEmail(server.dataDir, fields.email)).length, 1);
  });

  test('a body that is not a form is refused with 415', async () => {
    const res = await fetch(`${server.url}/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(uniqueInquiry('form-json')),
    });
    assert.equal(res.status, 415);
  });

  test('a form over 16 KB is refused with 413', async () => {
    const fields = formFields('form-big', { message: 'm'.repeat(17 * 1024) });
    const res = await postForm(server.url, fields);
    assert.equal(res.status, 413);
    assert.deepEqual(await storedWithEmail(server.dataDir, fields.email), []);
  });
});

describe('the contact form and the API share one rate limit per client', () => {
  const server = suiteServer({ env: { INQUIRY_RATE_LIMIT: '3/1m' } });

  test('after 3 submissions either way, the form gets a 429 page with the values kept', async () => {
    assert.equal((await postInquiry(server.url, uniqueInquiry('api-1'))).status, 201);
    assert.equal((await postForm(server.url, formFields('form-1'))).status, 303);
    assert.equal((await postInquiry(server.url, uniqueInquiry('api-2'))).status, 201);

    const fields = formFields('form-limited', { name: 'Jane Limited' });
    const res = await postForm(server.url, fields);
    assert.equal(res.status, 429);
    assert.ok(Number(res.headers.get('retry-after')) > 0);
    const state = pageStateOf(await res.text()).contact;
    assert.equal(state?.status, 'invalid');
    assert.ok(state?.status === 'invalid');
    assert.equal(state.values.name, 'Jane Limited');
    assert.equal(state.values.email, fields.email);
    assert.equal(
      state.errors.form,
      'Too many inquiries from your network. Please wait a few minutes and try again.',
    );
    assert.deepEqual(await storedWithEmail(server.dataDir, fields.email), []);
    assert.equal((await postInquiry(server.url, uniqueInquiry('api-3'))).status, 429);
  });
});
