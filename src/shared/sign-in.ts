/** What the sign-in API answers and the login screen shows: written once for both sides. */

export const INVALID_CREDENTIALS = 'Invalid username or password';
export const NOT_SIGNED_IN = 'You are not signed in.';

/** A locked-out sign-in; the login screen adds the time (`at`) the next attempt can be made. */
export function tooManySignInAttempts(minutes: number, at?: string): string {
  const wait = `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `Too many failed sign-in attempts. Try again in ${wait}${at ? `, at ${at}` : ''}.`;
}
