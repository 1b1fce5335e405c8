import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { SalesData } from '../../storage/sales-file';
import {
  cancelReservation,
  moveOnWaitlist,
  reconcile,
  reserve,
  SaleRefused,
  setStatus,
  wentHome,
} from './sales-changes.server';

const empty: SalesData = { inquiries: {}, reservations: [], waitlist: [], nextLitter: null };
const at = new Date('2026-11-25T10:00:00.000Z');
const daisy = { puppyId: 'p1', puppyName: 'Daisy', deposit: null, note: null };

describe('sales changes', () => {
  test('reserve holds the puppy and makes the family "Reserved"; a second hold is refused', () => {
    const [data, record] = reserve(empty, { ...daisy, inquiryId: 'a' }, at);
    assert.equal(data.inquiries.a?.status, 'reserved');
    assert.equal(record.reservedAt, at.toISOString());
    assert.throws(
      () => reserve(data, { ...daisy, inquiryId: 'b' }, at),
      (error: unknown) => error instanceof SaleRefused && error.status === 409,
    );
    assert.throws(() => reserve(data, { ...daisy, puppyId: 'p2', inquiryId: 'a' }, at), SaleRefused);
    assert.deepEqual(empty.reservations, [], 'the state before is never changed');
  });

  test('cancel frees the puppy (the family "Contacted"); went home only while held', () => {
    const [held, record] = reserve(empty, { ...daisy, inquiryId: 'a' }, at);
    const [cancelled] = cancelReservation(held, record.id, 'refunded', at);
    assert.equal(cancelled.inquiries.a?.status, 'contacted');
    assert.equal(cancelled.reservations[0]?.cancelNote, 'refunded');
    assert.throws(() => wentHome(cancelled, record.id, at), SaleRefused);
    const [again, second] = reserve(cancelled, { ...daisy, inquiryId: 'b' }, at);
    const [home] = wentHome(again, second.id, at);
    assert.equal(home.inquiries.b?.status, 'went-home');
  });

  test('reconcile: a held puppy sold went home, one removed is cancelled, otherwise nothing changes', () => {
    let [data] = reserve(empty, { ...daisy, inquiryId: 'a' }, at);
    [data] = reserve(data, { ...daisy, puppyId: 'p2', puppyName: 'Luna', inquiryId: 'b' }, at);
    [data] = reserve(data, { ...daisy, puppyId: 'p3', puppyName: 'Rose', inquiryId: 'c' }, at);
    const status = { p1: 'sold', p2: 'available' } as Record<string, 'sold' | 'available'>;
    const next = reconcile(data, (id) => status[id], at);
    assert.equal(next.inquiries.a?.status, 'went-home');
    assert.equal(next.inquiries.b?.status, 'reserved');
    assert.ok(next.reservations[2]?.cancelledAt);
    assert.equal(
      reconcile(next, (id) => status[id], at),
      next,
      'the same object when nothing changes',
    );
  });

  test('the waitlist: joining puts a family last (and keeps when), moves swap places, leaving takes them off', () => {
    let data = setStatus(empty, 'a', 'waitlist', at);
    data = setStatus(data, 'b', 'waitlist', at);
    data = setStatus(data, 'c', 'waitlist', at);
    assert.deepEqual(data.waitlist, ['a', 'b', 'c']);
    assert.equal(data.inquiries.a?.waitlistedAt, at.toISOString());
    data = moveOnWaitlist(data, 'c', 'up');
    assert.deepEqual(data.waitlist, ['a', 'c', 'b']);
    assert.equal(moveOnWaitlist(data, 'a', 'up'), data, 'the first stays first');
    const later = new Date('2026-12-01T00:00:00.000Z');
    assert.equal(
      setStatus(data, 'a', 'waitlist', later).inquiries.a?.waitlistedAt,
      at.toISOString(),
      'joined once',
    );
    data = setStatus(data, 'c', 'contacted', at);
    assert.deepEqual(data.waitlist, ['a', 'b']);
    assert.throws(() => moveOnWaitlist(data, 'c', 'down'), SaleRefused);
  });
});
