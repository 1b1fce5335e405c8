import { useQuery } from '@tanstack/react-query';
import type { PuppyList } from '../../features/puppies/puppies';

/** The queries several admin screens share: their keys, so a change in one refreshes the others. */

/** The spec's list of inquiries (GET /api/inquiries); everything the dashboard holds of them is under it. */
export const INQUIRIES_KEY = ['/api/inquiries'] as const;

export const PUPPIES_KEY = ['/api/puppies'] as const;

/** The list is read fresh on every visit: another tab (or phone) may have changed it. */
export function usePuppyList() {
  return useQuery<PuppyList>({ queryKey: PUPPIES_KEY, staleTime: 0, refetchOnMount: 'always' });
}
