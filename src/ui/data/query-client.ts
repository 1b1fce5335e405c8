import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { getQueryFn, HttpError } from './http';

interface QueryClientOptions {
  /** Any read or change answered 401 (the session ended meanwhile). */
  onUnauthorized?: (client: QueryClient) => void;
}

/** Spec section 7's defaults: no interval, no focus refetch, never stale, no retries. */
export function createQueryClient({ onUnauthorized }: QueryClientOptions = {}): QueryClient {
  const unauthorized = (error: unknown) => {
    if (error instanceof HttpError && error.status === 401) onUnauthorized?.(client);
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: unauthorized }),
    mutationCache: new MutationCache({ onError: unauthorized }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
  return client;
}
