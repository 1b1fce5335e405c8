import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PUPPIES_KEY } from '../../../ui/admin/queries';
import { reasonOf } from '../../../ui/admin/request-errors';
import { useToast } from '../../../ui/components/Toast';
import { apiRequest, HttpError } from '../../../ui/data/http';
import type { PuppyList } from '../puppies';
import { puppiesText } from './puppies-text';

export interface PuppyChange {
  method: 'POST' | 'PUT' | 'DELETE';
  url: string;
  body: unknown;
}

/**
 * Any change of the litter: every answer is the whole list as stored, which replaces what the
 * screen shows. "Saved" on success; on failure a toast says why (the form, if any, stays filled).
 */
export function usePuppyChange() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ method, url, body }: PuppyChange) => apiRequest<PuppyList>(method, url, body),
    onSuccess: (list) => {
      queryClient.setQueryData(PUPPIES_KEY, list);
      toast({ title: puppiesText.saved });
    },
    onError: (error) => {
      toast({ title: puppiesText.saveFailed, description: reasonOf(error), variant: 'destructive' });
      // A puppy removed meanwhile (another tab): the list on screen is out of date.
      if (error instanceof HttpError && error.status === 404) {
        void queryClient.invalidateQueries({ queryKey: PUPPIES_KEY });
      }
    },
  });
}
