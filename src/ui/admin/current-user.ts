import { type QueryFunction, useQuery } from '@tanstack/react-query';
import type { PublicUser } from '../../shared/api';
import { getQueryFn } from '../data/http';

export const USER_KEY = ['/api/user'] as const;

const readUser = getQueryFn({ on401: 'returnNull' }) as QueryFunction<PublicUser | null>;

/**
 * The signed-in user: undefined while loading, null when signed out (a 401 from /api/user).
 * `ask: false` only reads what this tab already knows (e.g. after a sign-in or a logout).
 */
export function useCurrentUser({ ask = true }: { ask?: boolean } = {}) {
  return useQuery<PublicUser | null>({ queryKey: USER_KEY, queryFn: readUser, enabled: ask });
}
