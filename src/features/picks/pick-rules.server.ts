import { randomUUID } from 'node:crypto';
import { Refused } from '../../server/http/pipeline';
import type { PickRound, PicksData, PickTurn } from '../../storage/picks-schema';
import { MORE_TIME_HOURS, type PickWindow, pickMessages } from './picks';

/**
 * The pick rules as pure functions from one state of picks.json to the next (decision 132): each
 * returns the new state or throws a PickRefused, so a refused change never touches what is stored.
 */

/** A pick refused by the rules: the admin API's pipeline answers its status and message. */
export class PickRefused extends Refused {
  constructor(status: 400 | 404 | 409, message: string) {
    super(status, message);
    this.name = 'PickRefused';
  }
}

/** What the rules read of the other files, at the instant of the change. */
export interface PickWorld {
  now: Date;
  /** The families waiting for this litter, in order (inquiry ids). */
  waitlistOf(litterId: string): readonly string[];
  /** The litter's puppies a family may choose now (available, held by no one), in page order. */
  availableOf(litterId: string): readonly string[];
  /** The puppy this family holds now, if any. */
  heldBy(inquiryId: string): { puppyId: string; puppyName: string } | undefined;
}

const HOUR = 60 * 60_000;

/** A pass, a window that ran out, her Skip: the family is to wait for the next litter. */
const NEXT_LITTER = { place: 'next' } as const;

const openRoundOf = (data: PicksData, litterId: string) =>
  data.rounds.find((round) => round.litterId === litterId && round.state !== 'done');

export const lastRoundOf = (data: PicksData, litterId: string) =>
  data.rounds.findLast((round) => round.litterId === litterId);

const replaceRound = (data: PicksData, round: PickRound): PicksData => ({
  ...data,
  rounds: data.rounds.map((item) => (item.id === round.id ? round : item)),
});

const endTurn = (
  turn: PickTurn,
  state: PickTurn['state'],
  at: Date,
  extra: Partial<PickTurn> = {},
): PickTurn => {
  const { until: _until, leftMs: _left, ...rest } = turn;
  return { ...rest, state, endedAt: at.toISOString(), ...extra };
};

/**
 * Moves a running round on: a turn whose window ran out is "Time ran out"; a family that took a
 * puppy another way (she reserved one for them, or a crash came between the reservation and this
 * file) "Chose" it; then, with no turn under way, the next family still waiting for the litter
 * gets theirs. With no puppy left or nobody left, the round is done.
 */
export function advance(round: PickRound, world: PickWorld): PickRound {
  if (round.state === 'done') return round;
  const { now } = world;
  let turns = round.turns;
  // Families who joined the litter's waitlist since the start (an approved application) join the end.
  const waitlist = world.waitlistOf(round.litterId);
  const known = new Set(turns.map((turn) => turn.inquiryId));
  const joined = waitlist.filter((id) => !known.has(id));
  if (joined.length > 0)
    turns = [...turns, ...joined.map((inquiryId) => ({ inquiryId, state: 'waiting' as const }))];
  turns = turns.map((turn) => {
    if (turn.state !== 'choosing') return turn;
    const held = world.heldBy(turn.inquiryId);
    if (held) return endTurn(turn, 'chose', now, held);
    if (round.state === 'running' && turn.until && Date.parse(turn.until) <= now.getTime())
      return endTurn(turn, 'timed-out', now, NEXT_LITTER);
    return turn;
  });
  let next: PickRound = { ...round, turns };
  if (round.state !== 'running' || turns.some((turn) => turn.state === 'choosing')) return next;
  const onList = new Set(waitlist);
  const available = world.availableOf(round.litterId);
  turns = [...turns];
  for (let index = 0; index < turns.length; index += 1) {
    const turn = turns[index] as PickTurn;
    if (turn.state !== 'waiting') continue;
    if (available.length === 0) break;
    // Left the litter's waitlist (moved to another litter, reserved another way) before their turn.
    const held = world.heldBy(turn.inquiryId);
    if (held) {
      turns[index] = endTurn(turn, 'chose', now, held);
      continue;
    }
    if (!onList.has(turn.inquiryId)) {
      turns[index] = endTurn(turn, 'skipped', now);
      continue;
    }
    turns[index] = {
      ...turn,
      state: 'choosing',
      startedAt: now.toISOString(),
      until: new Date(now.getTime() + round.windowHours * HOUR).toISOString(),
    };
    return { ...next, turns };
  }
  next = { ...next, turns, state: 'done', endedAt: now.toISOString() };
  return next;
}

/** Every open round moved on (at start, at each tick of the timer, after any change). */
export function settle(data: PicksData, world: PickWorld): PicksData {
  let changed = false;
  const rounds = data.rounds.map((round) => {
    if (round.state === 'done') return round;
    const after = advance(round, world);
    if (JSON.stringify(after) === JSON.stringify(round)) return round;
    changed = true;
    return after;
  });
  return changed ? { ...data, rounds } : data;
}

/** "Start picks": the litter's waitlist in order, the first family's turn at once. */
export function startRound(
  data: PicksData,
  litterId: string,
  windowHours: PickWindow,
  world: PickWorld,
): PicksData {
  if (openRoundOf(data, litterId)) throw new PickRefused(409, pickMessages.alreadyStarted);
  if (world.availableOf(litterId).length === 0) throw new PickRefused(409, pickMessages.noPuppies);
  const waitlist = world.waitlistOf(litterId);
  if (waitlist.length === 0) throw new PickRefused(409, pickMessages.noFamilies);
  const round: PickRound = advance(
    {
      id: randomUUID(),
      litterId,
      windowHours,
      state: 'running',
      startedAt: world.now.toISOString(),
      turns: waitlist.map((inquiryId) => ({ inquiryId, state: 'waiting' as const })),
    },
    world,
  );
  return { ...data, rounds: [...data.rounds, round] };
}

function openRound(data: PicksData, litterId: string): PickRound {
  const round = openRoundOf(data, litterId);
  if (round) return round;
  throw new PickRefused(409, lastRoundOf(data, litterId) ? pickMessages.roundDone : pickMessages.noRound);
}

const choosingIndex = (round: PickRound) => round.turns.findIndex((turn) => turn.state === 'choosing');

/** "Skip": the family choosing now keeps its place for the next litter; the next turn starts. */
export function skipTurn(data: PicksData, litterId: string, world: PickWorld): PicksData {
  const round = openRound(data, litterId);
  const index = choosingIndex(round);
  if (index < 0) throw new PickRefused(409, pickMessages.noTurn);
  const turns = round.turns.map((turn, at) =>
    at === index ? endTurn(turn, 'skipped', world.now, NEXT_LITTER) : turn,
  );
  return replaceRound(data, advance({ ...round, turns }, world));
}

/** "Give more time": the turn under way gets MORE_TIME_HOURS more (paused: kept for the resume). */
export function moreTime(data: PicksData, litterId: string): PicksData {
  const round = openRound(data, litterId);
  const index = choosingIndex(round);
  if (index < 0) throw new PickRefused(409, pickMessages.noTurn);
  const more = MORE_TIME_HOURS * HOUR;
  const turns = round.turns.map((turn, at) => {
    if (at !== index) return turn;
    if (round.state === 'paused') return { ...turn, leftMs: (turn.leftMs ?? 0) + more };
    return { ...turn, until: new Date(Date.parse(turn.until ?? '') + more).toISOString() };
  });
  return replaceRound(data, { ...round, turns });
}

/** "Pause picks": the window under way stops where it is; no choice is taken until resumed. */
export function pause(data: PicksData, litterId: string, world: PickWorld): PicksData {
  const round = openRound(data, litterId);
  if (round.state === 'paused') throw new PickRefused(409, pickMessages.alreadyPaused);
  const turns = round.turns.map((turn) => {
    if (turn.state !== 'choosing' || !turn.until) return turn;
    const { until, ...rest } = turn;
    return { ...rest, leftMs: Math.max(0, Date.parse(until) - world.now.getTime()) };
  });
  return replaceRound(data, { ...round, state: 'paused', turns });
}

/** "Resume picks": the window goes on with the time it had. */
export function resume(data: PicksData, litterId: string, world: PickWorld): PicksData {
  const round = openRound(data, litterId);
  if (round.state !== 'paused') throw new PickRefused(409, pickMessages.notPaused);
  const turns = round.turns.map((turn) => {
    if (turn.state !== 'choosing') return turn;
    const { leftMs, ...rest } = turn;
    return { ...rest, until: new Date(world.now.getTime() + (leftMs ?? 0)).toISOString() };
  });
  return replaceRound(data, advance({ ...round, state: 'running', turns }, world));
}

/** The round in which this family is choosing now, or why it may not choose (a PickRefused). */
export function turnOf(data: PicksData, inquiryId: string, now: Date): PickRound {
  const rounds = data.rounds.filter((round) => round.turns.some((turn) => turn.inquiryId === inquiryId));
  const open = rounds.find(
    (round) =>
      round.state !== 'done' && round.turns.some((t) => t.inquiryId === inquiryId && t.state === 'choosing'),
  );
  if (open) {
    if (open.state === 'paused') throw new PickRefused(409, pickMessages.paused);
    const turn = open.turns.find((t) => t.inquiryId === inquiryId && t.state === 'choosing');
    if (turn?.until && Date.parse(turn.until) <= now.getTime()) throw new PickRefused(409, pickMessages.late);
    return open;
  }
  const last = rounds.at(-1)?.turns.find((turn) => turn.inquiryId === inquiryId);
  const message =
    last?.state === 'waiting' && rounds.at(-1)?.state !== 'done'
      ? pickMessages.notYourTurn
      : last?.state === 'timed-out'
        ? pickMessages.late
        : last?.state === 'passed'
          ? pickMessages.passed
          : last?.state === 'skipped'
            ? pickMessages.skipped
            : last?.state === 'chose'
              ? pickMessages.chose
              : pickMessages.noPicks;
  throw new PickRefused(409, message);
}

/** The family's choice (its reservation is already made): "Chose", and the next turn. */
export function chose(
  data: PicksData,
  roundId: string,
  inquiryId: string,
  puppy: { puppyId: string; puppyName: string },
  world: PickWorld,
): PicksData {
  const round = data.rounds.find((item) => item.id === roundId);
  if (!round) return data;
  const turns = round.turns.map((turn) =>
    turn.inquiryId === inquiryId && turn.state === 'choosing'
      ? endTurn(turn, 'chose', world.now, puppy)
      : turn,
  );
  return replaceRound(data, advance({ ...round, turns }, world));
}

/** "Pass": the family keeps its place for the next litter; the next turn starts. */
export function passed(data: PicksData, roundId: string, inquiryId: string, world: PickWorld): PicksData {
  const round = data.rounds.find((item) => item.id === roundId);
  if (!round) return data;
  const turns = round.turns.map((turn) =>
    turn.inquiryId === inquiryId && turn.state === 'choosing'
      ? endTurn(turn, 'passed', world.now, NEXT_LITTER)
      : turn,
  );
  return replaceRound(data, advance({ ...round, turns }, world));
}

/** Marks the turn's email queued. */
export function announced(data: PicksData, roundId: string, inquiryId: string, at: Date): PicksData {
  const round = data.rounds.find((item) => item.id === roundId);
  if (!round) return data;
  const turns = round.turns.map((turn) =>
    turn.inquiryId === inquiryId && turn.state === 'choosing' && !turn.announcedAt
      ? { ...turn, announcedAt: at.toISOString() }
      : turn,
  );
  return replaceRound(data, { ...round, turns });
}

/** A litter as "the next litter" reads it (the litter service's list: all home is computed). */
interface LitterDates {
  id: string;
  status: 'planned' | 'born' | 'all-home' | 'past';
  born: string;
  expected: string;
}

/**
 * "Keeps its place for the next litter": the litter a family waits for after this one — the
 * soonest by date that is not this one: a born litter born after it (with puppies still at home),
 * else a planned one by its expected date (a month or a day; one not known yet comes last).
 * Undefined while there is none: the family waits for the next one she adds.
 */
export function nextLitterAfter(litters: readonly LitterDates[], litterId: string): string | undefined {
  const self = litters.find((litter) => litter.id === litterId);
  const born = litters
    .filter(
      (litter) => litter.id !== litterId && litter.status === 'born' && litter.born > (self?.born ?? ''),
    )
    .sort((a, b) => a.born.localeCompare(b.born));
  const planned = litters
    .filter((litter) => litter.id !== litterId && litter.status === 'planned')
    .sort((a, b) => (a.expected || '9999').localeCompare(b.expected || '9999'));
  return (born[0] ?? planned[0])?.id;
}

/**
 * The families still to move to the next litter, each with its round's litter. A turn of an
 * older round whose family has a turn in a later round of the same litter is left out (she
 * started picks again with them on the line: that round decides).
 */
export function placesOwed(data: PicksData): { roundId: string; litterId: string; inquiryId: string }[] {
  const owed: { roundId: string; litterId: string; inquiryId: string }[] = [];
  data.rounds.forEach((round, index) => {
    for (const turn of round.turns) {
      if (turn.place !== 'next') continue;
      const later = data.rounds
        .slice(index + 1)
        .some(
          (other) =>
            other.litterId === round.litterId &&
            other.turns.some((item) => item.inquiryId === turn.inquiryId),
        );
      if (!later) owed.push({ roundId: round.id, litterId: round.litterId, inquiryId: turn.inquiryId });
    }
  });
  return owed;
}

/** The family's place is settled: moved to `movedTo`, or left as she (or the family) set it. */
export function placeKept(data: PicksData, roundId: string, inquiryId: string, movedTo?: string): PicksData {
  const round = data.rounds.find((item) => item.id === roundId);
  if (!round) return data;
  const turns = round.turns.map((turn) =>
    turn.inquiryId === inquiryId && turn.place === 'next'
      ? { ...turn, place: 'moved' as const, ...(movedTo ? { movedTo } : {}) }
      : turn,
  );
  return replaceRound(data, { ...round, turns });
}
