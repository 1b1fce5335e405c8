import { type QueryClient, type QueryFunction, useQuery } from '@tanstack/react-query';
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

/**
 * A 401 from another call while signed in means the session ended (a logout elsewhere, expiry):
 * asking /api/user again turns the user to null, and the page guard sends the page to the login
 * screen. Signed out already (the login page's failed attempts), there is nothing to recheck.
 */
export function recheckSignedInUser(client: QueryClient): void {
  if (client.getQueryData(USER_KEY)) void client.invalidateQueries({ queryKey: USER_KEY });
}
