import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { PicksData } from '../../storage/picks-schema';
import {
  advance,
  chose,
  moreTime,
  PickRefused,
  type PickWorld,
  passed,
  pause,
  resume,
  settle,
  skipTurn,
  startRound,
  turnOf,
} from './pick-rules.server';
import { pickMessages } from './picks';

const HOUR = 3_600_000;
const T0 = new Date('2027-03-01T12:00:00Z');

function worldAt(
  now: Date,
  state: { waitlist: string[]; available: string[]; held?: Record<string, string> },
): PickWorld {
  return {
    now,
    waitlistOf: () => state.waitlist,
    availableOf: () => state.available,
    heldBy: (id) => (state.held?.[id] ? { puppyId: state.held[id], puppyName: state.held[id] } : undefined),
  };
}

const empty: PicksData = { version: 1, rounds: [] };
const states = (data: PicksData) => data.rounds[0]?.turns.map((turn) => turn.state);

describe('pick rules (decision 132)', () => {
  test('start: the first family in order chooses, for the window', () => {
    const world = worldAt(T0, { waitlist: ['a', 'b', 'c'], available: ['p1', 'p2'] });
    const data = startRound(empty, 'L', 24, world);
    assert.deepEqual(states(data), ['choosing', 'waiting', 'waiting']);
    assert.equal(data.rounds[0]?.turns[0]?.until, new Date(T0.getTime() + 24 * HOUR).toISOString());
    assert.throws(() => startRound(data, 'L', 24, world), { message: pickMessages.alreadyStarted });
    assert.throws(() => startRound(empty, 'L', 24, worldAt(T0, { waitlist: [], available: ['p1'] })), {
      message: pickMessages.noFamilies,
    });
    assert.throws(() => startRound(empty, 'L', 24, worldAt(T0, { waitlist: ['a'], available: [] })), {
      message: pickMessages.noPuppies,
    });
  });

  test('a choice, a pass and a window that ran out each start the next turn; out of turn is refused', () => {
    let state = { waitlist: ['a', 'b', 'c'], available: ['p1', 'p2'] };
    let data = startRound(empty, 'L', 48, worldAt(T0, state));
    const round = data.rounds[0]?.id ?? '';
    assert.throws(() => turnOf(data, 'b', T0), { message: pickMessages.notYourTurn });
    state = { waitlist: ['b', 'c'], available: ['p2'] };
    data = chose(
      data,
      round,
      'a',
      { puppyId: 'p1', puppyName: 'Daisy' },
      worldAt(T0, { ...state, held: { a: 'p1' } }),
    );
    assert.deepEqual(states(data), ['chose', 'choosing', 'waiting']);
    data = passed(data, round, 'b', worldAt(T0, state));
    assert.deepEqual(states(data), ['chose', 'passed', 'choosing']);
    assert.throws(() => turnOf(data, 'b', T0), { message: pickMessages.passed });
    const late = new Date(T0.getTime() + 48 * HOUR + 1);
    assert.throws(() => turnOf(data, 'c', late), { message: pickMessages.late });
    data = settle(data, worldAt(late, state));
    assert.deepEqual(states(data), ['chose', 'passed', 'timed-out']);
    assert.equal(data.rounds[0]?.state, 'done');
    assert.throws(() => turnOf(data, 'c', late), { message: pickMessages.late });
  });

  test('pause keeps the time left; more time adds 24 hours; skip moves on', () => {
    const state = { waitlist: ['a', 'b'], available: ['p1', 'p2'] };
    let data = startRound(empty, 'L', 24, worldAt(T0, state));
    const later = new Date(T0.getTime() + 10 * HOUR);
    data = pause(data, 'L', worldAt(later, state));
    assert.throws(() => turnOf(data, 'a', later), { message: pickMessages.paused });
    // A paused window never runs out.
    assert.equal(settle(data, worldAt(new Date(T0.getTime() + 100 * HOUR), state)), data);
    data = moreTime(data, 'L');
    const back = new Date(T0.getTime() + 50 * HOUR);
    data = resume(data, 'L', worldAt(back, state));
    assert.equal(data.rounds[0]?.turns[0]?.until, new Date(back.getTime() + 38 * HOUR).toISOString());
    data = skipTurn(data, 'L', worldAt(back, state));
    assert.deepEqual(states(data), ['skipped', 'choosing']);
    assert.throws(() => resume(data, 'L', worldAt(back, state)), PickRefused);
  });

  test('families who joined since the start are added at the end; those who left are skipped', () => {
    const data = startRound(empty, 'L', 24, worldAt(T0, { waitlist: ['a', 'b'], available: ['p1'] }));
    const round = data.rounds[0];
    assert.ok(round);
    const next = advance(
      {
        ...round,
        turns: round.turns.map((turn) => ({
          ...turn,
          state: turn.inquiryId === 'a' ? 'passed' : turn.state,
        })),
      },
      worldAt(T0, { waitlist: ['a', 'd'], available: ['p1'] }),
    );
    assert.deepEqual(
      next.turns.map((turn) => [turn.inquiryId, turn.state]),
      [
        ['a', 'passed'],
        ['b', 'skipped'],
        ['d', 'choosing'],
      ],
    );
  });

  test('with no puppy left the round ends', () => {
    let data = startRound(empty, 'L', 24, worldAt(T0, { waitlist: ['a', 'b'], available: ['p1'] }));
    data = chose(
      data,
      data.rounds[0]?.id ?? '',
      'a',
      { puppyId: 'p1', puppyName: 'Daisy' },
      worldAt(T0, { waitlist: ['b'], available: [] }),
    );
    assert.deepEqual(states(data), ['chose', 'waiting']);
    assert.equal(data.rounds[0]?.state, 'done');
  });
});
