import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { PicksData } from '../../storage/picks-schema';
import {
  nextLitterAfter,
  type PickWorld,
  passed,
  placeKept,
  placesOwed,
  settle,
  skipTurn,
  startRound,
} from './pick-rules.server';

const T0 = new Date('2027-03-01T12:00:00Z');
const world = (now: Date, waitlist: string[]): PickWorld => ({
  now,
  waitlistOf: () => waitlist,
  availableOf: () => ['p1', 'p2'],
  heldBy: () => undefined,
});
const litter = (id: string, status: 'planned' | 'born' | 'all-home' | 'past', born = '', expected = '') => ({
  id,
  status,
  born,
  expected,
});

describe('keeping a place for the next litter (decision 132)', () => {
  test('the next litter: a born one born after this one first, then planned by expected date', () => {
    const now = litter('now', 'born', '2027-02-01');
    assert.equal(nextLitterAfter([now], 'now'), undefined, 'none yet');
    assert.equal(
      nextLitterAfter(
        [
          now,
          litter('old', 'born', '2026-10-01'),
          litter('gone', 'past', '2027-02-20'),
          litter('home', 'all-home', '2027-02-10'),
        ],
        'now',
      ),
      undefined,
      'an older born litter, a past one and one whose puppies all went home are not next',
    );
    const planned = [
      litter('later', 'planned', '', '2027-09'),
      litter('unknown', 'planned'),
      litter('soon', 'planned', '', '2027-05-14'),
    ];
    assert.equal(nextLitterAfter([now, ...planned], 'now'), 'soon');
    assert.equal(nextLitterAfter([now, litter('unknown', 'planned')], 'now'), 'unknown');
    assert.equal(nextLitterAfter([now, ...planned, litter('young', 'born', '2027-02-20')], 'now'), 'young');
  });

  test('a pass, a window that ran out and her Skip owe a move; a choice and a family that left do not', () => {
    let data: PicksData = startRound({ version: 1, rounds: [] }, 'L', 24, world(T0, ['a', 'b', 'c', 'd']));
    const roundId = data.rounds[0]?.id ?? '';
    data = passed(data, roundId, 'a', world(T0, ['a', 'b', 'c', 'd']));
    data = skipTurn(data, 'L', world(T0, ['a', 'b', 'c', 'd']));
    data = settle(data, world(new Date(T0.getTime() + 25 * 3_600_000), ['a', 'b', 'c']));
    // d left the line before its turn: skipped by the rules, not by her, so it is not moved.
    assert.deepEqual(
      data.rounds[0]?.turns.map((turn) => [turn.state, turn.place]),
      [
        ['passed', 'next'],
        ['skipped', 'next'],
        ['timed-out', 'next'],
        ['skipped', undefined],
      ],
    );
    assert.deepEqual(
      placesOwed(data).map((owed) => owed.inquiryId),
      ['a', 'b', 'c'],
    );
    data = placeKept(data, roundId, 'a', 'next-litter');
    data = placeKept(data, roundId, 'b');
    assert.deepEqual(
      data.rounds[0]?.turns.slice(0, 2).map((turn) => [turn.place, turn.movedTo]),
      [
        ['moved', 'next-litter'],
        ['moved', undefined],
      ],
    );
    assert.deepEqual(
      placesOwed(data).map((owed) => owed.inquiryId),
      ['c'],
    );
    // She starts picks again on the same litter with c on its line: that round decides for c.
    const again = startRound(
      { ...data, rounds: data.rounds.map((round) => ({ ...round, state: 'done' as const })) },
      'L',
      24,
      world(T0, ['c']),
    );
    assert.deepEqual(placesOwed(again), []);
  });
});
