/**
 * When to try a notice again. Doubling from 10 s (the first retry comes well within 15 s, so a
 * blip costs the breeder seconds) up to every 30 minutes, for 3 days after the inquiry; a
 * permanent rejection (SMTP 5xx, a 4xx webhook answer) is tried 3 times in all, in case it was a
 * misconfiguration fixed in the meantime, then marked failed.
 */
const FIRST_RETRY_MS = 10_000;
export const LONGEST_WAIT_MS = 30 * 60_000;
export const GIVE_UP_AFTER_MS = 3 * 24 * 60 * 60_000;
export const PERMANENT_TRIES = 3;

/** What one try of a notice came to. `answer` is safe to store and show: never a credential. */
export type SendOutcome =
  | { delivered: true; answer: string }
  | { delivered: false; permanent: boolean; answer: string };

/**
 * The time of the next try after `attempts` failed tries, or null to give up.
 * `queuedAt` is when the inquiry arrived.
 */
export function nextAttemptAt(
  attempts: number,
  permanent: boolean,
  queuedAt: number,
  now: number,
): number | null {
  if (permanent && attempts >= PERMANENT_TRIES) return null;
  const wait = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_WAIT_MS);
  const next = now + wait;
  return next - queuedAt > GIVE_UP_AFTER_MS ? null : next;
}
