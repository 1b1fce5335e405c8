import type { Inquiry } from '../../shared/api';
import { NEXT_LITTER_CHOICE } from '../../shared/content';
import type { NextLitterPage } from '../../shared/page-state';
import type { Store } from '../../storage/store';
import { expectedInWords, type NextLitter } from './next-litter';
import type { SalesService } from './sales-service.server';

/**
 * The next litter beside the puppies (issue 20, decision 094): what `/` shows of it, the choice a
 * family may name while it is shown, and the waitlist a family joins by naming it.
 */

/** A family asked for the next litter: the inquiry starts "On waitlist". */
export const isWaitlistInquiry = (inquiry: Pick<Inquiry, 'puppy'>) => inquiry.puppy === NEXT_LITTER_CHOICE;

/** What the page shows: nothing while hidden (a fresh install's page is the spec's). */
export function nextLitterPage(next: NextLitter): NextLitterPage | undefined {
  if (!next.shown) return undefined;
  return { expected: expectedInWords(next.expected), parents: next.parents, description: next.description };
}

/**
 * The names a family may ask about: the puppies offered, and "Next litter (waitlist)" while the
 * next litter is shown. The same array until either changes (the inquiry schema is made per list).
 */
export function namesWithNextLitter(
  puppies: { availableNames(): readonly string[] },
  sales: Pick<SalesService, 'nextLitter'>,
) {
  let last: { names: readonly string[]; shown: boolean; list: readonly string[] } | null = null;
  return {
    availableNames(): readonly string[] {
      const names = puppies.availableNames();
      const { shown } = sales.nextLitter();
      if (last?.names !== names || last.shown !== shown)
        last = { names, shown, list: shown ? [...names, NEXT_LITTER_CHOICE] : names };
      return last.list;
    },
  };
}

/**
 * At start: a waitlist inquiry stored without its "On waitlist" (a crash between the two writes,
 * or a full disk at the second) joins the waitlist then, in the order the inquiries came.
 */
export async function joinWaitlistAfterCrash(
  store: Pick<Store, 'listInquiries'>,
  sales: Pick<SalesService, 'joinWaitlist'>,
): Promise<void> {
  // joinWaitlist writes nothing for an inquiry that has a status (hers, or "On waitlist" already).
  // Oldest first (the store lists newest first): first come, first served.
  for (const inquiry of (await store.listInquiries()).reverse())
    if (isWaitlistInquiry(inquiry)) await sales.joinWaitlist(inquiry.id);
}
