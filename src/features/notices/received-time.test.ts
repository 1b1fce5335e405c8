import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatReceivedTime } from './received-time.server';

test('writes the time in the given zone with its short name', () => {
  assert.equal(
    formatReceivedTime('2026-11-23T21:05:00.000Z', 'America/Phoenix'),
    'Nov 23, 2026 at 2:05 PM MST',
  );
  assert.equal(
    formatReceivedTime('2026-07-04T07:30:00.000Z', 'America/Los_Angeles'),
    'Jul 4, 2026 at 12:30 AM PDT',
  );
  assert.equal(formatReceivedTime('2026-01-01T00:00:00.000Z', 'UTC'), 'Jan 1, 2026 at 12:00 AM UTC');
});
