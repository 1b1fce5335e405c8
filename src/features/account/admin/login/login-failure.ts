import { format } from 'date-fns/format';
import { dateFormats, loginText, tooManyAttempts } from '../../../../ui/admin/admin-text';
import { HttpError } from '../../../../ui/data/http';

/** The login API's fallback wait when a 429 does not say (its lock lasts at most 15 minutes). */
const DEFAULT_WAIT_SECONDS = 15 * 60;

/**
 * Spec section 8: any login error reads "Invalid username or password", except a lock-out (429),
 * which says when the next attempt can be made.
 */
export function loginFailureText(error: unknown, now: number = Date.now()): string {
  if (!(error instanceof HttpError) || error.status !== 429) return loginText.failureText;
  const seconds = retryAfterSeconds(error.data) ?? DEFAULT_WAIT_SECONDS;
  return tooManyAttempts(Math.ceil(seconds / 60), format(now + seconds * 1000, dateFormats.retryAt));
}

function retryAfterSeconds(data: unknown): number | undefined {
  const value = (data as { retryAfter?: unknown } | null)?.retryAfter;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
}
