import { HttpError } from '../../../ui/data/http';
import { contact } from './contact-labels';
import { type ContactErrors, knownErrors } from './schema';

function errorData(error: HttpError): { message?: unknown; errors?: unknown } {
  return typeof error.data === 'object' && error.data !== null ? error.data : {};
}

/** The error toast's text: the spec's, except for a 429, whose own message says how long to wait. */
export function failureDescription(error: unknown): string {
  if (error instanceof HttpError && error.status === 429) {
    const { message } = errorData(error);
    if (typeof message === 'string' && message) return message;
  }
  return contact.failedToast.description;
}

/** The field messages of a 400 answer (`{ message, errors }`); none for any other failure. */
export function serverFieldErrors(error: unknown): ContactErrors {
  return error instanceof HttpError && error.status === 400 ? knownErrors(errorData(error).errors) : {};
}
