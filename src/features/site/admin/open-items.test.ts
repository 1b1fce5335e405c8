import assert from 'node:assert/strict';
import { test } from 'node:test';
import { moved, removed, toggled } from './open-items';

const sorted = (open: ReadonlySet<string>) => [...open].sort();

test('an open slide or card stays open as it moves, and the ones after a removed one follow it', () => {
  assert.deepEqual(sorted(toggled(new Set(), 'card-2')), ['card-2']);
  assert.deepEqual(sorted(toggled(new Set(['card-2']), 'card-2')), []);
  // Card 7 (index 6) moved up: open at index 5 now; the card it passed is closed as it was.
  assert.deepEqual(sorted(moved(new Set(['card-6']), 'card', 6, 5)), ['card-5']);
  assert.deepEqual(sorted(moved(new Set(['card-5', 'card-6']), 'card', 6, 5)), ['card-5', 'card-6']);
  assert.deepEqual(sorted(moved(new Set(['card-5', 'slide-1']), 'card', 6, 5)), ['card-6', 'slide-1']);
  // Card 2 of 5 removed: card 4 (open) is card 3 now; card 1 stays; slides untouched.
  assert.deepEqual(sorted(removed(new Set(['card-0', 'card-1', 'card-3', 'slide-1']), 'card', 1, 5)), [
    'card-0',
    'card-2',
    'slide-1',
  ]);
});
