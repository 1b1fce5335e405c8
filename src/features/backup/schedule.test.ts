import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { nextRun } from './schedule.server';

const at3 = { hour: 3, minute: 0, second: 0 };

describe('the next scheduled backup', () => {
  test('today at 03:00 in TZ while it is ahead, else tomorrow', () => {
    // 02:59 in Phoenix (UTC-7) = 09:59 UTC
    assert.equal(
      nextRun(new Date('2026-11-26T09:59:00Z'), at3, 'America/Phoenix').toISOString(),
      '2026-11-26T10:00:00.000Z',
    );
    assert.equal(
      nextRun(new Date('2026-11-26T10:00:00Z'), at3, 'America/Phoenix').toISOString(),
      '2026-11-27T10:00:00.000Z',
    );
    assert.equal(
      nextRun(new Date('2026-11-26T23:30:00Z'), at3, 'America/Phoenix').toISOString(),
      '2026-11-27T10:00:00.000Z',
    );
  });

  test('across a daylight-saving change, still 03:00 on the local clock', () => {
    // Denver: MDT (UTC-6) until Nov 1 2026 02:00, then MST (UTC-7).
    assert.equal(
      nextRun(new Date('2026-10-31T12:00:00Z'), at3, 'America/Denver').toISOString(),
      '2026-11-01T10:00:00.000Z',
    );
    assert.equal(
      nextRun(new Date('2026-10-30T12:00:00Z'), at3, 'America/Denver').toISOString(),
      '2026-10-31T09:00:00.000Z',
    );
  });

  test('the last day of a month and of a year', () => {
    assert.equal(
      nextRun(new Date('2026-12-31T12:00:00Z'), { hour: 1, minute: 30, second: 15 }, 'UTC').toISOString(),
      '2027-01-01T01:30:15.000Z',
    );
  });
});
