import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import type { InboxPage } from '../../src/features/inbox/inbox';
import type { InquirySaleAnswer } from '../../src/shared/sales';
import { ADMIN, createAdmin, PASSWORD, signIn } from '../helpers/admin';
import { EXPECTED_CSV_HEADER, postInquiry, uniqueInquiry } from '../helpers/inquiries';
import { type RunningServer, startServer } from '../helpers/server';
import { suiteTempDirs } from '../helpers/suite';

describe('the sales API: statuses and notes beside each inquiry', () => {
  const tempDataDir = suiteTempDirs('sales-api');
  let server: RunningServer;
  let dataDir: string;
  let cookie: string;
  let ids: string[];

  before(async () => {
    dataDir = await tempDataDir();
    await createAdmin(dataDir, ADMIN, PASSWORD);
    server = await startServer({ dataDir, env: { INQUIRY_RATE_LIMIT: 'off' } });
    cookie = await signIn(server.url, ADMIN, PASSWORD);
    ids = [];
    for (const label of ['alpha', 'bravo', 'charlie']) {
      const res = await postInquiry(server.url, { ...uniqueInquiry(label), name: `Family ${label}` });
      ids.push((await res.json()).id);
    }
  });
  after(() => server?.stop());

  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${url}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie, ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const inbox = async (query = ''): Promise<InboxPage> => {
    const res = await fetch(`${server.url}/api/inbox${query}`, { headers: { Cookie: cookie } });
    assert.equal(res.status, 200, await res.clone().text());
    return res.json();
  };
  const salesFile = async () => JSON.parse(await readFile(path.join(dataDir, 'sales.json'), 'utf8'));
  const inquiriesBytes = () => readFile(path.join(dataDir, 'inquiries.json'));

  test('401 without a session, 403 from another site; nothing is stored', async () => {
    const [id] = ids as [string];
    for (const [url, body] of [
      [`/api/inquiries/${id}/status`, { status: 'contacted' }],
      [`/api/inquiries/${id}/notes`, { text: 'hello' }],
    ] as const) {
      const anonymous = await fetch(`${server.url}${url}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      assert.equal(anonymous.status, 401, url);
      assert.equal(typeof (await anonymous.json()).message, 'string');
      const crossSite = await post(url, body, { Origin: 'https://evil.example' });
      assert.equal(crossSite.status, 403, url);
    }
    assert.deepEqual((await inbox()).statuses.new, 3);
  });

  test('a status change is on disk when answered, shown in the inbox, filtered and counted', async () => {
    const [first] = ids as [string];
    const before = await inquiriesBytes();
    const res = await post(`/api/inquiries/${first}/status`, { status: 'contacted' });
    assert.equal(res.status, 200);
    const answer: InquirySaleAnswer = await res.json();
    assert.equal(answer.id, first);
    assert.equal(answer.status, 'contacted');
    assert.equal((await salesFile()).inquiries[first].status, 'contacted');
    assert.deepEqual(await inquiriesBytes(), before, "the family's inquiry is never rewritten");

    const all = await inbox();
    assert.deepEqual(all.statuses, {
      new: 2,
      applied: 0,
      approved: 0,
      declined: 0,
      contacted: 1,
      waitlist: 0,
      reserved: 0,
      'went-home': 0,
      closed: 0,
    });
    assert.equal(all.items.find((item) => item.id === first)?.sale.status, 'contacted');
    const contacted = await inbox('?status=contacted');
    assert.deepEqual(
      contacted.items.map((item) => item.id),
      [first],
    );
    assert.equal(contacted.matched, 1);
  });

  test('notes keep text and time, newest first, and the search finds them', async () => {
    const [, second] = ids as [string, string];
    const one = await post(`/api/inquiries/${second}/notes`, { text: '  Called Tuesday: wants a girl  ' });
    assert.equal(one.status, 200);
    const two = await post(`/api/inquiries/${second}/notes`, { text: 'Zoë will send the deposit by Zelle' });
    const answer: InquirySaleAnswer = await two.json();
    assert.deepEqual(
      answer.notes.map((note) => note.text),
      ['Zoë will send the deposit by Zelle', 'Called Tuesday: wants a girl'],
    );
    for (const note of answer.notes) assert.ok(Date.now() - Date.parse(note.at) < 60_000);

    const found = await inbox(`?q=${encodeURIComponent('zoe zelle')}`);
    assert.deepEqual(
      found.items.map((item) => item.id),
      [second],
    );
    assert.equal(found.items[0]?.sale.notes.length, 2);
  });

  test('bad input gets a 4xx with a message and changes nothing', async () => {
    const [first] = ids as [string];
    const stored = JSON.stringify(await salesFile());
    const cases: [string, unknown, number][] = [
      [`/api/inquiries/${first}/status`, { status: 'sold' }, 400],
      [`/api/inquiries/${first}/status`, { status: 'contacted', extra: 1 }, 400],
      [`/api/inquiries/${first}/status`, '["contacted"]', 400],
      [`/api/inquiries/${first}/status`, '{"status":', 400],
      [`/api/inquiries/${first}/notes`, { text: '   ' }, 400],
      [`/api/inquiries/${first}/notes`, { text: 'x'.repeat(2001) }, 400],
      [`/api/inquiries/${first}/notes`, { text: 42 }, 400],
      ['/api/inquiries/no-such-id/status', { status: 'closed' }, 404],
      [`/api/inquiries/${'x'.repeat(500)}/notes`, { text: 'hello' }, 404],
    ];
    for (const [url, body, status] of cases) {
      const res = await post(url, body);
      assert.equal(res.status, status, `${url} ${JSON.stringify(body)}`);
      assert.equal(typeof (await res.json()).message, 'string');
    }
    const emptyNote = await post(`/api/inquiries/${first}/notes`, { text: '' });
    assert.equal((await emptyNote.json()).errors.text, 'Write the note');
    assert.equal(JSON.stringify(await salesFile()), stored);
    assert.equal(
      (await fetch(`${server.url}/api/inbox?status=sold`, { headers: { Cookie: cookie } })).status,
      400,
    );
  });

  test("the CSV has the new columns after the spec's, and parses back", async () => {
    const res = await fetch(`${server.url}/api/inbox/export.csv`, { headers: { Cookie: cookie } });
    assert.equal(res.status, 200);
    const rows: string[][] = parse(await res.text(), { bom: true });
    assert.deepEqual(rows[0], EXPECTED_CSV_HEADER);
    const byName = new Map(rows.slice(1).map((row) => [row[1], row]));
    assert.equal(byName.get('Family alpha')?.[6], 'Contacted');
    const notes = byName.get('Family bravo')?.[7] ?? '';
    assert.match(
      notes,
      /^\d{4}-\d\d-\d\dT[\d:.]+Z: Zoë will send the deposit by Zelle\n\d{4}-.*: Called Tuesday: wants a girl$/,
    );
    assert.equal(byName.get('Family charlie')?.[6], 'New');
    const filtered: string[][] = parse(
      await (
        await fetch(`${server.url}/api/inbox/export.csv?status=contacted`, { headers: { Cookie: cookie } })
      ).text(),
      { bom: true },
    );
    assert.deepEqual(
      filtered.slice(1).map((row) => row[1]),
      ['Family alpha'],
    );
  });

  test('the waitlist: first come first, Move up and down, bad input refused; 401 and 403', async () => {
    const [first, second, third] = ids as [string, string, string];
    for (const id of [third, first, second])
      await post(`/api/inquiries/${id}/status`, { status: 'waitlist' });
    const get = async () => {
      const res = await fetch(`${server.url}/api/waitlist`, { headers: { Cookie: cookie } });
      assert.equal(res.status, 200);
      return (await res.json()).families as { place: number; id: string; name: string; joinedAt: string }[];
    };
    const order = (families: { id: string }[]) => families.map((family) => family.id);
    const listed = await get();
    assert.deepEqual(order(listed), [third, first, second], 'in the order they joined');
    assert.deepEqual(
      listed.map((family) => family.place),
      [1, 2, 3],
    );
    assert.ok(Date.now() - Date.parse(listed[0]?.joinedAt ?? '') < 60_000);
    const moved = await post(`/api/waitlist/${second}/move`, { direction: 'up' });
    assert.equal(moved.status, 200);
    assert.deepEqual(order((await moved.json()).families), [third, second, first]);
    assert.deepEqual(order(await get()), [third, second, first], 'stored');
    for (const [url, body, status] of [
      [`/api/waitlist/${second}/move`, { direction: 'sideways' }, 400],
      [`/api/waitlist/${second}/move`, {}, 400],
      ['/api/waitlist/no-such/move', { direction: 'up' }, 404],
    ] as const) {
      const res = await post(url, body);
      assert.equal(res.status, status, JSON.stringify(body));
      assert.equal(typeof (await res.json()).message, 'string');
    }
    assert.equal((await fetch(`${server.url}/api/waitlist`)).status, 401);
    assert.equal(
      (await post(`/api/waitlist/${second}/move`, { direction: 'up' }, { Origin: 'https://evil.example' }))
        .status,
      403,
    );
    assert.equal(
      (
        await fetch(`${server.url}/api/waitlist`, {
          headers: { Cookie: cookie, 'Sec-Fetch-Site': 'cross-site' },
        })
      ).status,
      403,
    );
    // Leaving the waitlist takes the family off it; the others keep their order.
    await post(`/api/inquiries/${third}/status`, { status: 'contacted' });
    assert.deepEqual(order(await get()), [second, first]);
    for (const id of [first, second]) await post(`/api/inquiries/${id}/status`, { status: 'contacted' });
  });

  test('statuses and notes survive a restart', async () => {
    const [first, second] = ids as [string, string];
    await server.stop();
    server = await startServer({ dataDir, env: { INQUIRY_RATE_LIMIT: 'off' } });
    cookie = await signIn(server.url, ADMIN, PASSWORD);
    const page = await inbox();
    assert.equal(page.items.find((item) => item.id === first)?.sale.status, 'contacted');
    assert.equal(page.items.find((item) => item.id === second)?.sale.notes.length, 2);
  });
});
