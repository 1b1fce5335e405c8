import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type InquirySaleAnswer, salesApi } from '../../../shared/sales';
import { INQUIRIES_KEY } from '../../../ui/admin/queries';
import { reasonOf } from '../../../ui/admin/request-errors';
import { useToast } from '../../../ui/components/Toast';
import { apiRequest } from '../../../ui/data/http';
import { salesText } from './sales-text';

export interface SaleChange {
  url: string;
  body: unknown;
}

/**
 * A change of an inquiry's sale (status, note): answered with the sale as stored, which the
 * details show at once; the inbox's pages are reloaded for their counts and filter. A failure
 * says why in a toast and leaves what was typed in place.
 */
export function useSaleChange(onSaved: (answer: InquirySaleAnswer) => void) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ url, body }: SaleChange) => apiRequest<InquirySaleAnswer>('POST', url, body),
    onSuccess: (answer) => {
      onSaved(answer);
      toast({ title: salesText.saved });
      void queryClient.invalidateQueries({ queryKey: INQUIRIES_KEY });
      // A reservation changes which puppies are held (and "Went home" sells one).
      void queryClient.invalidateQueries({ queryKey: [salesApi.reservations] });
      void queryClient.invalidateQueries({ queryKey: ['/api/puppies'] });
      void queryClient.invalidateQueries({ queryKey: [salesApi.overview] });
      void queryClient.invalidateQueries({ queryKey: [salesApi.waitlist] });
    },
    onError: (error) => {
      toast({ title: salesText.saveFailed, description: reasonOf(error), variant: 'destructive' });
    },
  });
}
