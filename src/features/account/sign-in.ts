/** What the sign-in API answers and the login screen shows: written once for both sides. */

export const INVALID_CREDENTIALS = 'Invalid username or password';
export const NOT_SIGNED_IN = 'You are not signed in.';

/** A locked-out sign-in; the login screen adds the time (`at`) the next attempt can be made. */
export function tooManySignInAttempts(minutes: number, at?: string): string {
  const wait = `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `Too many failed sign-in attempts. Try again in ${wait}${at ? `, at ${at}` : ''}.`;
}

/** Second step of a sign-in (decision 102). */
export const SECOND_STEP_PROMPT = 'Enter the 6-digit code from your authenticator app';
export const WRONG_CODE = 'That code did not work. Enter the current code from your app, or a recovery code.';
export const SECOND_STEP_EXPIRED = 'The sign-in took longer than 5 minutes. Enter your password again.';
export const NO_SECOND_STEP = 'Sign in with your password first.';

/** POST /api/login answers this (200) instead of the user when a second step is owed. */
export interface SecondStepOwed {
  secondStep: 'code';
}

/** A passkey sign-in that did not work (unknown, refused or cancelled on the server's side). */
export const PASSKEY_FAILED = 'That passkey did not work. Try again, or sign in with your password.';
