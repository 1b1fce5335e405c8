import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Inquiry } from '../../shared/api';
import type { InquiryNote, InquiryStatus } from '../../shared/sales';
import { INBOX_PAGE_SIZE } from './inbox';
import { type InboxCriteria, type InboxSales, inboxPage } from './inbox-query.server';

/** `count` inquiries, newest first as the store lists them; every third names Bella, every fifth Luna. */
function stored(count: number): Inquiry[] {
  const oldestFirst = Array.from({ length: count }, (_, i) => {
    const puppy = i % 3 === 0 ? 'Bella' : i % 5 === 0 ? 'Luna' : undefined;
    return {
      id: `id-${i}`,
      name: i % 2 === 0 ? `Renée ${i}` : `Tom ${i}`,
      email: `family${i}@example.com`,
      message: `Message number ${i}`,
      createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
      ...(puppy ? { puppy } : {}),
    } satisfies Inquiry;
  });
  return oldestFirst.reverse();
}

const all: InboxCriteria = { q: '', puppy: null, status: null, before: null };

/** Follows nextCursor to the end, as "Load more" does. */
function everyPage(list: Inquiry[], criteria: InboxCriteria, reads = new Map<string, string>()) {
  const pages = [inboxPage(list, reads, criteria)];
  let next = pages[0]?.nextCursor ?? null;
  while (next !== null) {
    const page = inboxPage(list, reads, { ...criteria, before: Number(next) });
    pages.push(page);
    next = page.nextCursor;
  }
  return pages;
}

describe('inboxPage', () => {
  test('pages of 50, newest first, every inquiry exactly once, with the counts', () => {
    const list = stored(120);
    const pages = everyPage(list, all);
    assert.deepEqual(
      pages.map((page) => page.items.length),
      [INBOX_PAGE_SIZE, INBOX_PAGE_SIZE, 20],
    );
    const ids = pages.flatMap((page) => page.items.map((item) => item.id));
    assert.deepEqual(
      ids,
      list.map((inquiry) => inquiry.id),
    );
    for (const page of pages) {
      assert.equal(page.matched, 120);
      assert.equal(page.total, 120);
    }
    assert.equal(pages.at(-1)?.nextCursor, null);
  });

  test('inquiries arriving between two pages neither repeat nor shift the next page', () => {
    const list = stored(60);
    const first = inboxPage(list, new Map(), all);
    const newer = stored(65).slice(0, 5);
    const grown = [...newer, ...list];
    const second = inboxPage(grown, new Map(), { ...all, before: Number(first.nextCursor) });
    assert.deepEqual(
      second.items.map((item) => item.id),
      list.slice(50).map((inquiry) => inquiry.id),
    );
  });

  test('search and puppy filter combine, on the server, with their own count', () => {
    const list = stored(400);
    const criteria = { q: 'renee', puppy: 'Bella', status: null, before: null };
    const pages = everyPage(list, criteria);
    const expected = list.filter((inquiry) => inquiry.puppy === 'Bella' && inquiry.name.startsWith('Renée'));
    assert.ok(expected.length > INBOX_PAGE_SIZE, 'the case spans pages');
    assert.deepEqual(
      pages.flatMap((page) => page.items.map((item) => item.id)),
      expected.map((inquiry) => inquiry.id),
    );
    assert.equal(pages[0]?.matched, expected.length);
    assert.equal(pages[1]?.matched, expected.length, 'later pages keep the full count');
    assert.equal(pages[0]?.total, 400);
  });

  test('an empty puppy filter finds the inquiries that name none', () => {
    const list = stored(30);
    const page = inboxPage(list, new Map(), { ...all, puppy: '' });
    assert.ok(page.items.length > 0);
    assert.ok(page.items.every((item) => item.puppy === undefined));
    assert.equal(page.matched, list.filter((inquiry) => !inquiry.puppy).length);
  });

  test('no match: an empty page, no cursor, the totals still there', () => {
    const page = inboxPage(stored(10), new Map(), { ...all, q: 'nobody-like-this' });
    assert.deepEqual(page.items, []);
    assert.equal(page.matched, 0);
    assert.equal(page.total, 10);
    assert.equal(page.nextCursor, null);
  });

  test('read times are listed, unread counts every stored inquiry whatever the search', () => {
    const list = stored(10);
    const reads = new Map([
      ['id-9', '2026-11-23T10:00:00.000Z'],
      ['id-0', '2026-11-23T11:00:00.000Z'],
      ['not-stored', '2026-11-23T11:00:00.000Z'],
    ]);
    const page = inboxPage(list, reads, { ...all, q: 'tom' });
    assert.equal(page.unread, 8);
    assert.equal(page.items.find((item) => item.id === 'id-9')?.readAt, '2026-11-23T10:00:00.000Z');
    assert.equal(page.items.find((item) => item.id === 'id-7')?.readAt, null);
  });

  test('lists every puppy named in any inquiry, sorted, and only the listed fields', () => {
    const list = stored(12);
    const extra = { ...(list[0] as Inquiry), secret: 'kept out' } as Inquiry;
    const page = inboxPage([extra, ...list.slice(1)], new Map(), all);
    assert.deepEqual(page.puppies, ['Bella', 'Luna']);
    assert.deepEqual(Object.keys(page.items[0] ?? {}).sort(), [
      'createdAt',
      'email',
      'id',
      'message',
      'name',
      'phone',
      'puppy',
      'readAt',
      'sale',
    ]);
  });
});

describe('the inbox with sales beside it', () => {
  const list = stored(5);
  const [first, second] = list as [Inquiry, Inquiry];
  const statuses = new Map<string, InquiryStatus>([[first.id, 'contacted']]);
  const notes = new Map<string, InquiryNote[]>([
    [second.id, [{ id: 'n', text: 'Deposit promised by Zoë on Friday', at: '2026-11-23T10:00:00.000Z' }]],
  ]);
  const sales: InboxSales = {
    statusOf: (inquiry) => statuses.get(inquiry.id) ?? 'new',
    notesOf: (id) => notes.get(id) ?? [],
    saleOf: (inquiry) => ({
      status: statuses.get(inquiry.id) ?? 'new',
      notes: notes.get(inquiry.id) ?? [],
      reservation: null,
    }),
  };

  test('a status filter keeps those with it; the counts cover every inquiry', () => {
    const page = inboxPage(list, new Map(), { ...all, status: 'contacted' }, undefined, sales);
    assert.deepEqual(
      page.items.map((item) => item.id),
      [first.id],
    );
    assert.equal(page.items[0]?.sale.status, 'contacted');
    assert.deepEqual(page.statuses, {
      new: 4,
      applied: 0,
      approved: 0,
      declined: 0,
      contacted: 1,
      waitlist: 0,
      reserved: 0,
      'went-home': 0,
      closed: 0,
    });
  });

  test("the search finds the breeder's notes (accents ignored), every word somewhere", () => {
    const page = inboxPage(list, new Map(), { ...all, q: 'zoe friday' }, undefined, sales);
    assert.deepEqual(
      page.items.map((item) => item.id),
      [second.id],
    );
  });
});
