import { HttpError } from '../data/http';
import { adminText } from './admin-text';

/** What every admin screen makes of a refused or failed request. */

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
  if (error instanceof TypeError) return adminText.offline;
  return error instanceof Error ? error.message : String(error);
}
