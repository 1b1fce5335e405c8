import { z } from 'zod';

/**
 * picks.json (issue 29, decision 132): pick day. One round per litter at a time: the families of
 * the litter's waitlist in order, each with its turn's state, and the window a turn lasts. The
 * reservations themselves stay in sales.json (choosing reserves through it); the "it is your turn"
 * emails go through family.json's outbox.
 */

const isoTime = z.string().min(1);
const id = z.string().min(1).max(100);

const turn = z.object({
  inquiryId: id,
  /**
   * waiting: not their turn yet; choosing: their turn (until `until`); chose: reserved `puppyId`;
   * passed: "Pass" on their page; timed-out: the window ran out; skipped: she skipped them (or
   * they left the litter's waitlist before their turn). Every state but chose keeps their place.
   */
  state: z.enum(['waiting', 'choosing', 'chose', 'passed', 'timed-out', 'skipped']),
  /** While choosing: when the window ends. */
  until: isoTime.optional(),
  /** While choosing and the picks are paused: the time the window still had. */
  leftMs: z.number().int().nonnegative().optional(),
  /** When their turn started. */
  startedAt: isoTime.optional(),
  /** When the "it is your turn" email was queued (once per turn; a restart queues it if missing). */
  announcedAt: isoTime.optional(),
  /** When the turn ended (chose, passed, timed out, skipped). */
  endedAt: isoTime.optional(),
  puppyId: id.optional(),
  /** The puppy's name when chosen: still shown if the puppy is renamed or removed later. */
  puppyName: z.string().max(200).optional(),
  /**
   * Version 2: "keeps its place for the next litter" after a pass, a window that ran out or her
   * Skip. 'next': the family is to wait for the next litter after this one (none yet: the next
   * she adds); 'moved': done, to `movedTo`, or without it when the family had left this litter's
   * line by then (her choice stands). A turn that ended under version 1 has none: it stays where
   * it was, as that release left it.
   */
  place: z.enum(['next', 'moved']).optional(),
  /** The litter the family was moved to (place 'moved'). */
  movedTo: id.optional(),
});

const round = z.object({
  id,
  litterId: id,
  /** The window each turn has, in hours. */
  windowHours: z.union([z.literal(24), z.literal(48), z.literal(72)]),
  state: z.enum(['running', 'paused', 'done']),
  startedAt: isoTime,
  endedAt: isoTime.optional(),
  /** In turn order: the litter's waitlist when picks started, then families who joined it since. */
  turns: z.array(turn),
});

export const picksSchema = z.object({
  /** 2 once a turn holds `place` (read as is: 1 only lacks it; see registry.ts). */
  version: z.union([z.literal(1), z.literal(2)]),
  /** Every round ever started, oldest first; at most one not done per litter. */
  rounds: z.array(round),
});

export type PicksData = z.output<typeof picksSchema>;
export type PickRound = z.output<typeof round>;
export type PickTurn = z.output<typeof turn>;
