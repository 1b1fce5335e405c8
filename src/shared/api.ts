/** Shapes of what the API answers, read by the browser and produced by the server. */

import type * as z from 'zod/mini';

/** An inquiry as stored and as listed to the administrator. */
export interface Inquiry {
  id: string;
  name: string;
  email: string;
  phone?: string;
  puppy?: string;
  message: string;
  /** ISO 8601, UTC. */
  createdAt: string;
}

/** POST /api/inquiries answers 201 with this. */
export interface InquiryCreated {
  id: string;
  createdAt: string;
}

/** The signed-in user as the API shows it: never the password hash. */
export interface PublicUser {
  id: string;
  username: string;
}

/** Every 4xx/5xx JSON answer. `errors` maps a field to the spec's message for it. */
export interface ApiError {
  message: string;
  errors?: Record<string, string>;
}

/**
 * The one field-error shape, for `ApiError.errors` and the forms alike: the first message of each
 * field, by its path ("hero.slides.0.photo.alt"); a problem with the whole value under "form".
 */
export function fieldErrors(error: z.core.$ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : 'form';
    errors[key] ??= issue.message;
  }
  return errors;
}
