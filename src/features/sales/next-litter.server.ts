import type { Inquiry } from '../../shared/api';
import {
  applyPath,
  expectedInWords,
  parentsInWords,
  takesApplications,
  WAITLIST_CHOICE_PREFIX,
  waitlistChoice,
} from '../../shared/litter-words';
import type { NextLitterPage } from '../../shared/page-state';
import type { LittersData } from '../../storage/file-schemas';
import type { Records } from '../../storage/records';
import { type NextLitter, NO_NEXT_LITTER } from './next-litter';

/** A litter as stored (litters.json, the litters feature's). */
type LitterRecord = LittersData['litters'][number];

import type { SalesService } from './sales-service.server';

/**
 * "Our Next Litter" beside the puppies (issue 20, each planned litter since issue 27, decisions 094
 * and 121): what `/` shows of the planned litters she shows, the choice a family may name for each
 * while it is shown, and the waitlist a family joins by naming it.
 */

/** A family asked for a litter's waitlist: the inquiry starts "On waitlist". */
export const isWaitlistInquiry = (inquiry: Pick<Inquiry, 'puppy'>) =>
  inquiry.puppy?.startsWith(WAITLIST_CHOICE_PREFIX) === true;

/** The planned litters she shows, soonest first. */
const shownPlanned = (litters: readonly LitterRecord[]) =>
  litters
    .filter((litter) => litter.status === 'planned' && litter.shown)
    .sort((a, b) => (a.expected || '9999').localeCompare(b.expected || '9999'));

/** What the page shows: nothing while none is shown (a fresh install's page is the spec's). */
export function nextLittersPage(litters: readonly LitterRecord[]): NextLitterPage[] | undefined {
  const shown = shownPlanned(litters);
  if (shown.length === 0) return undefined;
  return shown.map((litter) => ({
    name: litter.name,
    choice: waitlistChoice(litter.name),
    expected: expectedInWords(litter.expected),
    parents: parentsInWords(litter),
    description: litter.description,
    // Issue 29: while it takes applications ("Take applications" on /admin/litters).
    ...(takesApplications(litter) ? { apply: applyPath(litter.id) } : {}),
  }));
}

/** The litter a choice names, while it is shown. */
export const litterOfChoice = (litters: readonly LitterRecord[], choice: string | undefined) =>
  shownPlanned(litters).find((litter) => waitlistChoice(litter.name) === choice);

/**
 * The names a family may ask about: the puppies offered, and "Waitlist: {name}" of each planned
 * litter shown. The same array until either changes (the inquiry schema is made per list).
 */
export function namesWithLitters(
  puppies: { availableNames(): readonly string[] },
  litters: { litters(): readonly LitterRecord[] },
) {
  let last: { names: readonly string[]; litters: readonly LitterRecord[]; list: readonly string[] } | null =
    null;
  return {
    availableNames(): readonly string[] {
      const names = puppies.availableNames();
      const all = litters.litters();
      if (last?.names !== names || last.litters !== all) {
        const choices = shownPlanned(all).map((litter) => waitlistChoice(litter.name));
        last = { names, litters: all, list: choices.length > 0 ? [...names, ...choices] : names };
      }
      return last.list;
    },
  };
}

/**
 * The issue-20 block (GET/PUT /api/next-litter, the "Next litter" card) read as the first planned
 * litter: shown, expected, the parents in words and the description; hidden and blank with none.
 */
export function nextLitterBlock(litters: readonly LitterRecord[]): NextLitter {
  const planned = litters.filter((litter) => litter.status === 'planned');
  const first = shownPlanned(planned)[0] ?? planned[0];
  if (!first) return NO_NEXT_LITTER;
  return {
    shown: first.shown,
    expected: first.expected,
    parents: parentsInWords(first),
    description: first.description,
  };
}

/**
 * At start: a waitlist inquiry stored without its "On waitlist" (a crash between the two writes,
 * or a full disk at the second) joins the waitlist then, in the order the inquiries came, and
 * waits for the litter it named if that litter is still shown.
 */
export async function joinWaitlistAfterCrash(
  store: Pick<Records, 'listInquiries'>,
  sales: Pick<SalesService, 'joinWaitlist'>,
  litters?: {
    litters(): readonly LitterRecord[];
    hasLine(inquiryId: string): boolean;
    setWaiting(inquiryId: string, litterId: string): Promise<unknown>;
  },
): Promise<void> {
  // joinWaitlist writes nothing for an inquiry that has a status (hers, or "On waitlist" already).
  // Oldest first (the store lists newest first): first come, first served.
  for (const inquiry of (await store.listInquiries()).reverse()) {
    if (!isWaitlistInquiry(inquiry)) continue;
    await sales.joinWaitlist(inquiry.id);
    // Its litter, written third: set now if a crash came before it (and the litter is still shown).
    const litter =
      litters && !litters.hasLine(inquiry.id) && litterOfChoice(litters.litters(), inquiry.puppy);
    if (litter) await litters.setWaiting(inquiry.id, litter.id);
  }
}
