import * as z from 'zod/mini';

/**
 * Pick day (issue 29, decision 132): the shapes the admin screen and the server share. A round
 * of picks runs over one born litter's waitlist in order; each family in turn chooses one of the
 * litter's available puppies (reserved at once) or passes, within the round's window.
 */

export const PICK_WINDOWS = [24, 48, 72] as const;
export type PickWindow = (typeof PICK_WINDOWS)[number];

/** "Give more time" adds this to the turn under way. */
export const MORE_TIME_HOURS = 24;

type TurnState = 'waiting' | 'choosing' | 'chose' | 'passed' | 'timed-out' | 'skipped';

/** One family in a round, as her screen shows it. */
export interface PickTurnView {
  inquiryId: string;
  name: string;
  state: TurnState;
  /** While choosing (and not paused): when the window ends, ISO 8601. */
  until?: string;
  /** While choosing and paused: the time the window still has, in ms. */
  leftMs?: number;
  /** After "chose": the puppy's name. */
  puppyName?: string;
}

/** GET /api/litters/:id/picks and every pick change's answer. */
export interface PicksView {
  litterId: string;
  round: {
    id: string;
    state: 'running' | 'paused' | 'done';
    windowHours: PickWindow;
    startedAt: string;
    turns: PickTurnView[];
  } | null;
  /** Whether "Start picks" may be used now, and if not why (shown beside the button). */
  canStart: boolean;
  whyNot?: string;
}

export const pickMessages = {
  window: 'Choose a window of 24, 48 or 72 hours',
  notBorn: 'Picks start once the litter is born.',
  noPuppies: 'List the litter’s puppies first: no puppy is available to choose.',
  noFamilies: 'No family is waiting for this litter.',
  alreadyStarted: 'Picks have already started for this litter.',
  noRound: 'Picks have not started for this litter.',
  roundDone: 'Picks for this litter are finished.',
  noTurn: 'No family is choosing right now.',
  notPaused: 'Picks are not paused.',
  alreadyPaused: 'Picks are already paused.',
  noSuchLitter: 'This litter is no longer listed. Reload the page.',
  // What a family reads on their page.
  notYourTurn: 'It is not your turn to choose yet. We will email you when it is.',
  late: 'Your time to choose has run out. Your place is kept for the next litter.',
  passed: 'You passed this time. Your place is kept for the next litter.',
  skipped: 'Your turn was skipped this time. Your place is kept for the next litter.',
  chose: 'You have already chosen your puppy.',
  paused: 'Picks are paused for a moment. Your time is kept: try again soon.',
  noPicks: 'There is nothing to choose right now.',
  taken: (name: string) => `${name} was just chosen by another family. Please choose another puppy.`,
  notOffered: 'This puppy is not one you can choose. Please choose one from the list.',
} as const;

/** POST /api/litters/:id/picks */
export const startPicksInput = z.strictObject({
  windowHours: z.union([z.literal(24), z.literal(48), z.literal(72)], { error: pickMessages.window }),
});
