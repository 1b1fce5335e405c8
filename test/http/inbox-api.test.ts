import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import type { InboxPage, ListedInquiry } from '../../src/features/inbox/inbox';
import type { Inquiry } from '../../src/shared/api';
import { createAdmin, signIn } from '../helpers/admin';
import { EXPECTED_CSV_HEADER, expectedCsvRowOfSeeded } from '../helpers/inquiries';
import { manyInquiries, writeInquiriesFile } from '../helpers/seed';
import { type RunningServer, startServer } from '../helpers/server';

const ADMIN = 'breeder@example.com';
const PASSWORD = 'correct horse battery';

/** A message with everything a CSV or a spreadsheet could trip on. */
const hostile: Inquiry = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Zoë "Zo" Ångström',
  email: 'zoe@example.com',
  phone: '+1 (928) 555-0199',
  puppy: 'Bella',
  message: '=HYPERLINK("http://evil.example","x"), then,\r\nsecond line\nthird "quoted" line, naïve café',
  createdAt: '2026-11-23T09:00:00.000Z',
};

const seeded = [...manyInquiries(130, new Date('2026-11-23T08:00:00.000Z')), hostile];
const newestFirst = [...seeded].reverse();

describe('the inbox API', () => {
  let server: RunningServer;
  let dataDir: string;
  let cookie: string;

  before(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'doodles-inbox-api-'));
    await writeInquiriesFile(dataDir, seeded);
    await createAdmin(dataDir, ADMIN, PASSWORD);
    server = await startServer({ dataDir, env: { INQUIRY_RATE_LIMIT: 'off' } });
    cookie = await signIn(server.url, ADMIN, PASSWORD);
  });
  after(async () => {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const get = (pathAndQuery: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${pathAndQuery}`, { headers: { Cookie: cookie, ...headers } });
  const page = async (query = ''): Promise<InboxPage> => {
    const res = await get(`/api/inbox${query}`);
    assert.equal(res.status, 200, await res.clone().text());
    assert.equal(res.headers.get('cache-control'), 'private, no-store');
    return res.json();
  };
  const markRead = (id: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/api/inquiries/${encodeURIComponent(id)}/read`, {
      method: 'POST',
      headers: { Cookie: cookie, ...headers },
    });

  test('every inbox endpoint and GET /api/inquiries: 401 without a session, 403 from another site', async () => {
    const endpoints = [
      { method: 'GET', path: '/api/inquiries' },
      { method: 'GET', path: '/api/inbox' },
      { method: 'GET', path: '/api/inbox/export.csv' },
      { method: 'POST', path: `/api/inquiries/${hostile.id}/read` },
    ];
    for (const { method, path: url } of endpoints) {
      const anonymous = await fetch(`${server.url}${url}`, { method });
      assert.equal(anonymous.status, 401, `${method} ${url}`);
      assert.equal(typeof (await anonymous.json()).message, 'string');
      const crossSiteHeaders: Record<string, string>[] = [
        { 'Sec-Fetch-Site': 'cross-site' },
        { Origin: 'https://evil.example' },
      ];
      for (const headers of crossSiteHeaders) {
        const crossSite = await fetch(`${server.url}${url}`, {
          method,
          headers: { Cookie: cookie, ...headers },
        });
        assert.equal(crossSite.status, 403, `${method} ${url} ${JSON.stringify(headers)}`);
        assert.equal(typeof (await crossSite.json()).message, 'string');
      }
    }
    const [stored] = (await page(`?q=${encodeURIComponent('Zo Ångström')}`)).items;
    assert.equal(stored?.readAt, null, 'the refused requests marked nothing read');
  });

  test('GET /api/inquiries without parameters: the full array of the spec, each with readAt', async () => {
    const res = await get('/api/inquiries');
    assert.equal(res.status, 200);
    const list: ListedInquiry[] = await res.json();
    assert.equal(list.length, seeded.length);
    assert.deepEqual(
      list,
      newestFirst.map((inquiry) => ({ ...inquiry, readAt: null })),
    );
  });

  test('a page of 50, newest first, with counts; Load more walks every inquiry once', async () => {
    const first = await page();
    assert.equal(first.items.length, 50);
    assert.equal(first.total, seeded.length);
    assert.equal(first.matched, seeded.length);
    assert.deepEqual(first.puppies, ['Bella', 'Daisy']);
    const ids = first.items.map((item) => item.id);
    let cursor = first.nextCursor;
    while (cursor) {
      const next = await page(`?cursor=${cursor}`);
      ids.push(...next.items.map((item) => item.id));
      cursor = next.nextCursor;
    }
    assert.deepEqual(
      ids,
      newestFirst.map((inquiry) => inquiry.id),
    );
  });

  test('search (case- and accent-insensitive) and puppy filter combine on the server', async () => {
    const byName = await page(`?q=${encodeURIComponent('ZOE angstrom')}`);
    const expected = newestFirst.filter(
      (inquiry) => inquiry.name.includes('Zoë') && inquiry.name.includes('Ångström'),
    );
    assert.ok(expected.length > 1);
    assert.deepEqual(
      byName.items.map((item) => item.id),
      expected.map((inquiry) => inquiry.id),
    );
    assert.equal(byName.matched, expected.length);
    assert.equal(byName.total, seeded.length);

    const combined = await page(`?q=zoe&puppy=Bella`);
    const both = newestFirst.filter((inquiry) => inquiry.name.startsWith('Zoë') && inquiry.puppy === 'Bella');
    assert.deepEqual(
      combined.items.map((item) => item.id),
      both.map((inquiry) => inquiry.id),
    );

    const none = await page('?puppy=');
    assert.equal(none.matched, seeded.filter((inquiry) => !inquiry.puppy).length);
    assert.ok(none.items.every((item) => item.puppy === undefined));

    const byPhone = await page(`?q=${encodeURIComponent('928 555 0199')}`);
    assert.deepEqual(
      byPhone.items.map((item) => item.id),
      [hostile.id],
    );
    const byMessage = await page('?q=CAFE');
    assert.deepEqual(
      byMessage.items.map((item) => item.id),
      [hostile.id],
    );

    const nothing = await page('?q=no-such-family');
    assert.deepEqual(nothing.items, []);
    assert.equal(nothing.matched, 0);
    assert.equal(nothing.nextCursor, null);
  });

  test('marking read: stored apart, on disk, idempotent, the inquiry file untouched', async () => {
    const before = await readFile(path.join(dataDir, 'inquiries.json'));
    const target = newestFirst[3] as Inquiry;
    const res = await markRead(target.id);
    assert.equal(res.status, 200);
    const body = await res.json();
    assert.equal(body.id, target.id);
    assert.ok(Date.parse(body.readAt) > Date.parse('2026-01-01'));
    const again = await (await markRead(target.id)).json();
    assert.equal(again.readAt, body.readAt, 'the first read time is kept');

    assert.deepEqual(await readFile(path.join(dataDir, 'inquiries.json')), before);
    const reads = JSON.parse(await readFile(path.join(dataDir, 'inquiry-reads.json'), 'utf8'));
    assert.equal(reads.reads[target.id], body.readAt);

    const first = await page();
    assert.equal(first.unread, seeded.length - 1);
    assert.equal(first.items[3]?.readAt, body.readAt);
    const listed: ListedInquiry[] = await (await get('/api/inquiries')).json();
    assert.equal(listed[3]?.readAt, body.readAt);

    for (const id of ['no-such-id', '../../etc/passwd', 'x'.repeat(500)]) {
      const missing = await markRead(id);
      assert.equal(missing.status, 404, id);
      assert.equal((await missing.json()).message, 'No such inquiry.');
    }
  });

  test('hostile parameters get a 400 with { message }, never a 500', async () => {
    const bad = [
      `?q=${'x'.repeat(201)}`,
      '?q=a&q=b',
      '?q=%00',
      '?puppy=a&puppy=b',
      `?puppy=${'p'.repeat(101)}`,
      '?cursor=-1',
      '?cursor=abc',
      '?cursor=99999999999',
      '?cursor[$gt]=1',
      '?limit=100000',
      '?__proto__=x',
    ];
    for (const query of bad) {
      for (const endpoint of ['/api/inbox', '/api/inbox/export.csv']) {
        const res = await get(`${endpoint}${query}`);
        assert.equal(res.status, 400, `${endpoint}${query}`);
        const body = await res.json();
        assert.equal(typeof body.message, 'string', `${endpoint}${query}`);
      }
    }
    assert.equal((await get('/api/inbox/export.csv?cursor=5')).status, 400);
  });

  test('JSON answers over 1 KB come compressed as the client accepts; small ones plain', async () => {
    const raw = (url: string, acceptEncoding: string) =>
      new Promise<{ encoding: string | undefined; vary: string | undefined }>((resolve, reject) => {
        request(
          `${server.url}${url}`,
          { headers: { Cookie: cookie, 'Accept-Encoding': acceptEncoding } },
          (res) => {
            res.resume();
            res.on('end', () =>
              resolve({ encoding: res.headers['content-encoding'], vary: String(res.headers.vary ?? '') }),
            );
          },
        )
          .on('error', reject)
          .end();
      });
    assert.equal((await raw('/api/inquiries', 'gzip, deflate, br')).encoding, 'br');
    assert.equal((await raw('/api/inbox', 'gzip')).encoding, 'gzip');
    assert.equal((await raw('/api/inbox', 'identity')).encoding, undefined);
    assert.equal((await raw('/api/user', 'br')).encoding, undefined, 'under 1 KB');
    assert.match((await raw('/api/inbox', 'br')).vary ?? '', /Accept-Encoding/i);
  });

  test('CSV export: what the search shows, parsed back equal to what was stored', async () => {
    const res = await get('/api/inbox/export.csv?q=zoe&puppy=Bella', { 'Accept-Encoding': 'br' });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/csv; charset=utf-8');
    assert.match(
      res.headers.get('content-disposition') ?? '',
      /^attachment; filename="inquiries-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = Buffer.from(await res.arrayBuffer());
    assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'UTF-8 byte-order mark');
    const rows: string[][] = parse(bytes, { bom: true });
    assert.deepEqual(rows[0], EXPECTED_CSV_HEADER);
    const expected = newestFirst.filter(
      (inquiry) => inquiry.name.startsWith('Zoë') && inquiry.puppy === 'Bella',
    );
    assert.deepEqual(rows.slice(1), expected.map(expectedCsvRowOfSeeded));
    const hostileRow = rows.find((row) => row[2] === hostile.email);
    assert.equal(hostileRow?.[5], `'${hostile.message}`, 'the formula is text, the rest exactly as stored');

    const all: string[][] = parse(Buffer.from(await (await get('/api/inbox/export.csv')).arrayBuffer()), {
      bom: true,
    });
    assert.equal(all.length, seeded.length + 1);
  });

  test('read marks survive a restart', async () => {
    const target = newestFirst[10] as Inquiry;
    const { readAt } = await (await markRead(target.id)).json();
    await server.stop();
    server = await startServer({ dataDir, env: { INQUIRY_RATE_LIMIT: 'off' } });
    const first = await page();
    assert.equal(first.items[10]?.readAt, readAt);
  });
});
