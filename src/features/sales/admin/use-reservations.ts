import { useQuery } from '@tanstack/react-query';
import { type HeldReservations, salesApi } from '../../../shared/sales';

/** The puppies held now (fresh on every visit: another tab or phone may have changed them). */
export function useHeldReservations(enabled = true) {
  return useQuery<HeldReservations>({
    queryKey: [salesApi.reservations],
    staleTime: 0,
    refetchOnMount: 'always',
    enabled,
  });
}
