import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../../../ui/components/Toast';
import { apiRequest, HttpError } from '../../../ui/data/http';
import type { PuppyList } from '../puppies';
import { puppiesText } from './text';

const PUPPIES_KEY = ['/api/puppies'] as const;

/** The list is read fresh on every visit: another tab (or phone) may have changed it. */
export function usePuppyList() {
  return useQuery<PuppyList>({ queryKey: PUPPIES_KEY, staleTime: 0, refetchOnMount: 'always' });
}

export interface PuppyChange {
  method: 'POST' | 'PUT' | 'DELETE';
  url: string;
  body: unknown;
}

/** Field errors of a refused save (`{ "photos.0.alt": message }`), if the server sent any. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (error instanceof HttpError && typeof error.data === 'object' && error.data !== null) {
    const errors = (error.data as { errors?: unknown }).errors;
    if (typeof errors === 'object' && errors !== null) return errors as Record<string, string>;
  }
  return {};
}

/** The server's `{ message }`, else the HTTP error's text. */
export function reasonOf(error: unknown): string {
  if (error instanceof HttpError) {
    const message = (error.data as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string') return message;
  }
  // fetch rejects with a TypeError when the request never got an answer (offline, server down).
  if (error instanceof TypeError) return puppiesText.offline;
  return error instanceof Error ? error.message : String(error);
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
