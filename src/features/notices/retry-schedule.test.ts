import assert from 'node:assert/strict';
import { test } from 'node:test';
import { GIVE_UP_AFTER_MS, LONGEST_WAIT_MS, nextAttemptAt, PERMANENT_TRIES } from './retry-schedule.server';

test('the first retry comes within 15 s, then the waits double up to 30 minutes', () => {
  const waits = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(
    (attempts) => (nextAttemptAt(attempts, false, 0, 0) ?? -1) / 1000,
  );
  assert.ok((waits[0] ?? 99) <= 15);
  assert.deepEqual(waits, [10, 20, 40, 80, 160, 320, 640, 1280, 1800, 1800]);
  assert.equal(nextAttemptAt(500, false, 0, 0), LONGEST_WAIT_MS);
});

test('tries for 3 days after the inquiry, then gives up', () => {
  const day = 24 * 60 * 60_000;
  assert.ok(nextAttemptAt(150, false, 0, 2.9 * day) !== null);
  assert.equal(nextAttemptAt(150, false, 0, GIVE_UP_AFTER_MS - 60_000), null);
  // Over 3 days at most every 30 minutes: about 150 tries, never an endless loop.
  let attempts = 0;
  let now: number | null = 0;
  while (now !== null) {
    attempts += 1;
    now = nextAttemptAt(attempts, false, 0, now);
  }
  assert.ok(attempts > 140 && attempts < 160, `${attempts} tries`);
});

test('a permanent rejection stops after 3 tries', () => {
  assert.equal(PERMANENT_TRIES, 3);
  assert.equal(nextAttemptAt(1, true, 0, 0), 10_000);
  assert.equal(nextAttemptAt(2, true, 0, 0), 20_000);
  assert.equal(nextAttemptAt(3, true, 0, 0), null);
});
