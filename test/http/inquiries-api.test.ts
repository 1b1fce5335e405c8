import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { HONEYPOT_FIELD, NO_PREFERENCE } from '../../src/features/inquiries/inquiry-fields';
import { seedNames as puppyNames } from '../../src/features/puppies/spec-puppies.server';
import { inquiryMessages } from '../../src/shared/schemas';
import {
  postInquiry,
  readInquiriesFile,
  storedWithEmail,
  uniqueInquiry,
  validInquiry,
} from '../helpers/inquiries';
import { suiteServer } from '../helpers/suite';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const INVALID = 'Please correct the highlighted fields.';

async function json(res: Response) {
  assert.match(res.headers.get('content-type') ?? '', /application\/json/);
  return res.json();
}

describe('POST /api/inquiries', () => {
  const server = suiteServer({ env: { INQUIRY_RATE_LIMIT: 'off' } });

  const storedCount = async () => (await readInquiriesFile(server.dataDir)).inquiries.length;

  test('stores a valid inquiry and answers 201 with its id and createdAt', async () => {
    const puppy = puppyNames[0] ?? '';
    const before = Date.now();
    const res = await postInquiry(server.url, {
      name: '  Jane Doe ',
      email: ' jane.201@example.com ',
      phone: ' 555-0100 ',
      puppy,
      message: ` ${validInquiry.message}\nSecond line. `,
    });
    assert.equal(res.status, 201);
    const body = await json(res);
    assert.deepEqual(Object.keys(body).sort(), ['createdAt', 'id']);
    assert.match(body.id, UUID);
    const createdAt = Date.parse(body.createdAt);
    assert.ok(createdAt >= before - 1000 && createdAt <= Date.now() + 1000, body.createdAt);
    assert.equal(new Date(createdAt).toISOString(), body.createdAt);

    assert.deepEqual(await storedWithEmail(server.dataDir, 'jane.201@example.com'), [
      {
        id: body.id,
        name: 'Jane Doe',
        email: 'jane.201@example.com',
        phone: '555-0100',
        puppy,
        message: `${validInquiry.message}\nSecond line.`,
        createdAt: body.createdAt,
      },
    ]);
  });

  test('no-preference puppy and a blank phone are not stored', async () => {
    const inquiry = uniqueInquiry('nopref');
    const res = await postInquiry(server.url, { ...inquiry, phone: '  ', puppy: NO_PREFERENCE });
    assert.equal(res.status, 201);
    const [stored] = await storedWithEmail(server.dataDir, inquiry.email);
    assert.ok(stored);
    assert.equal('puppy' in stored, false);
    assert.equal('phone' in stored, false);
  });

  test('unknown fields are dropped, never stored', async () => {
    const inquiry = uniqueInquiry('unknown');
    const res = await postInquiry(server.url, {
      ...inquiry,
      id: 'chosen-by-client',
      createdAt: '1999-01-01T00:00:00.000Z',
      isAdmin: true,
      notes: 'x'.repeat(100),
    });
    assert.equal(res.status, 201);
    const { id } = await res.json();
    const [stored] = await storedWithEmail(server.dataDir, inquiry.email);
    assert.ok(stored);
    assert.equal(stored.id, id);
    assert.notEqual(stored.createdAt, '1999-01-01T00:00:00.000Z');
    assert.deepEqual(Object.keys(stored).sort(), ['createdAt', 'email', 'id', 'message', 'name']);
  });

  const badFields: [string, Record<string, unknown>, Record<string, string>][] = [
    ['a one-letter name', { name: 'J' }, { name: 'Name must be at least 2 characters' }],
    ['a missing name', { name: undefined }, { name: 'Name must be at least 2 characters' }],
    ['an invalid email', { email: 'jane@' }, { email: 'Please enter a valid email address' }],
    ['a short message', { message: 'Hi there' }, { message: 'Message must be at least 10 characters' }],
    ['a blank message', { message: '          ' }, { message: 'Message must be at least 10 characters' }],
    ['a name over 100 characters', { name: 'n'.repeat(101) }, { name: inquiryMessages.nameLong }],
    ['a phone over 40 characters', { phone: '5'.repeat(41) }, { phone: inquiryMessages.phoneLong }],
    [
      'a message over 5,000 characters',
      { message: 'm'.repeat(5001) },
      { message: inquiryMessages.messageLong },
    ],
    ['a puppy that is not available', { puppy: 'Rex' }, { puppy: inquiryMessages.puppy }],
    ['a name that is not text', { name: ['Jane', 'Doe'] }, { name: 'Name must be at least 2 characters' }],
  ];
  for (const [label, change, errors] of badFields) {
    test(`400 for ${label}, with the field's message`, async () => {
      const inquiry = { ...uniqueInquiry('bad'), ...change };
      const res = await postInquiry(server.url, inquiry);
      assert.equal(res.status, 400);
      assert.deepEqual(await json(res), { message: INVALID, errors });
      assert.deepEqual(await storedWithEmail(server.dataDir, inquiry.email), []);
    });
  }

  test('400 with every field message at once for an empty object', async () => {
    const res = await postInquiry(server.url, {});
    assert.equal(res.status, 400);
    assert.deepEqual(await json(res), {
      message: INVALID,
      errors: {
        name: 'Name must be at least 2 characters',
        email: 'Please enter a valid email address',
        message: 'Message must be at least 10 characters',
      },
    });
  });

  test('400 with a clear message for a body that is not an object', async () => {
    const count = await storedCount();
    for (const body of ['[]', JSON.stringify([validInquiry]), '"hello"', 'null', '42', 'true']) {
      const res = await postInquiry(server.url, body);
      assert.equal(res.status, 400, body);
      const { message } = await json(res);
      assert.match(message, /JSON object/, body);
    }
    assert.equal(await storedCount(), count);
  });

  test('400 with a clear message for malformed JSON', async () => {
    const res = await postInquiry(server.url, '{"name": "Jane", ');
    assert.equal(res.status, 400);
    assert.match((await json(res)).message, /not a valid JSON/);
  });

  test('400 with the field messages for a JSON request without a body', async () => {
    const res = await fetch(`${server.url}/api/inquiries`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
    });
    assert.equal(res.status, 400);
    const body = await json(res);
    assert.equal(body.message, INVALID);
    assert.deepEqual(Object.keys(body.errors).sort(), ['email', 'message', 'name']);
  });

  test('413 with a JSON message for a body over 16 KB', async () => {
    const count = await storedCount();
    const res = await postInquiry(server.url, { ...validInquiry, message: 'm'.repeat(17 * 1024) });
    assert.equal(res.status, 413);
    assert.match((await json(res)).message, /too large/);
    assert.equal(await storedCount(), count);
  });

  test('415 with a JSON message for a body that is not declared as JSON', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await postInquiry(server.url, JSON.stringify(validInquiry), { 'Content-Type': type });
      assert.equal(res.status, 415, type);
      assert.match((await json(res)).message, /application\/json/, type);
    }
  });

  test('the honeypot: answered like a success, nothing stored', async () => {
    const inquiry = uniqueInquiry('bot');
    const count = await storedCount();
    const res = await postInquiry(server.url, { ...inquiry, [HONEYPOT_FIELD]: 'https://spam.example' });
    assert.equal(res.status, 201);
    const body = await json(res);
    assert.match(body.id, UUID);
    assert.ok(!Number.isNaN(Date.parse(body.createdAt)));
    assert.deepEqual(await storedWithEmail(server.dataDir, inquiry.email), []);
    assert.equal(await storedCount(), count);
  });

  test('an empty honeypot does not block a real inquiry', async () => {
    const inquiry = uniqueInquiry('human');
    const res = await postInquiry(server.url, { ...inquiry, [HONEYPOT_FIELD]: '' });
    assert.equal(res.status, 201);
    assert.equal((await storedWithEmail(server.dataDir, inquiry.email)).length, 1);
  });

  test('an unknown /api path is a JSON 404', async () => {
    for (const [method, path] of [
      ['GET', '/api/nope'],
      ['POST', '/api/inquiries/123'],
    ] as const) {
      const res = await fetch(`${server.url}${path}`, {
        method,
        headers: { 'Content-Type': 'application/json' },
        ...(method === 'POST' ? { body: '{}' } : {}),
      });
      assert.equal(res.status, 404, path);
      assert.equal(typeof (await json(res)).message, 'string');
    }
  });
});

describe('POST /api/inquiries rate limit', () => {
  const server = suiteServer({ env: { INQUIRY_RATE_LIMIT: '3/1m' } });

  test('the 4th submission in a minute gets 429, a clear message and Retry-After; it is not stored', async () => {
    for (let i = 0; i < 3; i += 1) {
      const res = await postInquiry(server.url, uniqueInquiry(`limit${i}`));
      assert.equal(res.status, 201);
    }
    const inquiry = uniqueInquiry('limited');
    const res = await postInquiry(server.url, inquiry);
    assert.equal(res.status, 429);
    assert.deepEqual(await json(res), {
      message: 'Too many inquiries from your network. Please wait a few minutes and try again.',
    });
    const retryAfter = Number(res.headers.get('retry-after'));
    assert.ok(Number.isInteger(retryAfter) && retryAfter > 0 && retryAfter <= 60, String(retryAfter));
    assert.deepEqual(await storedWithEmail(server.dataDir, inquiry.email), []);
    assert.equal((await readInquiriesFile(server.dataDir)).inquiries.length, 3);
  });
});

describe('POST /api/inquiries rate limit behind a trusted proxy', () => {
  const server = suiteServer({ env: { INQUIRY_RATE_LIMIT: '3/1m', TRUST_PROXY: '1' } });

  const from = (ip: string) => ({ 'X-Forwarded-For': ip });

  test('each client address has its own budget', async () => {
    for (let i = 0; i < 3; i += 1) {
      assert.equal((await postInquiry(server.url, uniqueInquiry(`a${i}`), from('203.0.113.1'))).status, 201);
    }
    assert.equal((await postInquiry(server.url, uniqueInquiry('a-over'), from('203.0.113.1'))).status, 429);
    assert.equal((await postInquiry(server.url, uniqueInquiry('b'), from('203.0.113.2'))).status, 201);
  });
});
