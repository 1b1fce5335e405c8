import { useMutation, useQueryClient } from '@tanstack/react-query';
import { spamApi } from '../../../shared/spam';
import { INQUIRIES_KEY } from '../../../ui/admin/queries';
import { apiRequest, HttpError } from '../../../ui/data/http';

/** The server's `{ message }`, else the error's own text. */
export function messageOf(error: unknown): string {
  if (error instanceof HttpError) {
    const data = error.data as { message?: unknown } | undefined;
    if (typeof data?.message === 'string') return data.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/** "Not spam" and "Delete" of a held inquiry; either reloads the inbox and its counts. */
export function useSpamActions() {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: INQUIRIES_KEY });
  const notSpam = useMutation({
    mutationFn: (id: string) => apiRequest('POST', spamApi.notSpam(id)),
    onSuccess: reload,
  });
  const remove = useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', spamApi.remove(id)),
    onSuccess: reload,
  });
  return { notSpam, remove };
}
