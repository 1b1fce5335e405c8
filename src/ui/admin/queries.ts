import { useQuery } from '@tanstack/react-query';
import type { LitterList } from '../../features/litters/litters';
import type { PuppyList } from '../../features/puppies/puppies';

/** The puppies' list answer's parts, as the screens that show or pick a puppy or photo read them. */
export type { AdminPhoto, AdminPuppy } from '../../features/puppies/puppies';

import { apiRequest } from '../data/http';

/** The queries several admin screens share: their keys, so a change in one refreshes the others. */

/** The spec's list of inquiries (GET /api/inquiries); everything the dashboard holds of them is under it. */
export const INQUIRIES_KEY = ['/api/inquiries'] as const;

export const PUPPIES_KEY = ['/api/puppies'] as const;

/** The list is read fresh on every visit: another tab (or phone) may have changed it. */
export function usePuppyList() {
  return useQuery<PuppyList>({ queryKey: PUPPIES_KEY, staleTime: 0, refetchOnMount: 'always' });
}

export const LITTERS_KEY = ['/api/litters'] as const;

/** The litters (the litters' screen, and the waitlist's "Waits for"): read fresh on every visit. */
export function useLitterList() {
  return useQuery<LitterList>({ queryKey: LITTERS_KEY, staleTime: 0, refetchOnMount: 'always' });
}

/** The family waits for another litter (or "any"), joined date kept: the litters as stored. */
export const waitForLitter = (inquiryId: string, litterId: string) =>
  apiRequest<LitterList>('POST', `/api/waitlist/${inquiryId}/litter`, { litterId });
