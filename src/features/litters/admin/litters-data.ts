import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LITTERS_KEY } from '../../../ui/admin/queries';
import { reasonOf } from '../../../ui/admin/request-errors';
import { useToast } from '../../../ui/components/Toast';
import { apiRequest, HttpError } from '../../../ui/data/http';
import type { LitterList } from '../litters';
import { littersText } from './litters-text';

interface LitterChange {
  method: 'POST' | 'PUT' | 'DELETE';
  url: string;
  body: unknown;
}

/**
 * A change of a litter: the answer is the whole list as stored, which replaces what the screen
 * shows. "Saved", or a toast that says why not (a stale tab, a litter with puppies…).
 */
export function useLitterChange() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ method, url, body }: LitterChange) => apiRequest<LitterList>(method, url, body),
    onSuccess: (list) => {
      queryClient.setQueryData(LITTERS_KEY, list);
      toast({ title: littersText.saved });
    },
    onError: (error) => {
      toast({ title: littersText.saveFailed, description: reasonOf(error), variant: 'destructive' });
      if (error instanceof HttpError && (error.status === 404 || error.status === 409))
        void queryClient.invalidateQueries({ queryKey: LITTERS_KEY });
    },
  });
}
