/**
 * The inquiry form's names, apart from the schema so the landing page's first-load bundle can
 * use them without pulling in zod (the form loads schemas.ts lazily). The server and schemas.ts
 * import them from here too: the lazy schema chunk then shares nothing with the page bundle but
 * this small module (the contact labels stay in the page bundle, decision 043).
 */

/** The inquiry form's fields, in the order the form shows them. */
export const inquiryFields = ['name', 'email', 'phone', 'puppy', 'message'] as const;
export type InquiryField = (typeof inquiryFields)[number];

/** The form's fields as typed, before parsing (what a scripts-off form post is sent back with). */
export type InquiryFormValues = Record<InquiryField, string>;

/**
 * A field real visitors never see (the form hides it) but form-filling bots do: a submission
 * that fills it is answered like a success and not stored. Named to look worth filling in.
 */
export const HONEYPOT_FIELD = 'website';

/** The key of `errors` that carries a message about the whole form rather than one field. */
export const FORM_ERROR = 'form';

/** The dropdown's default: no particular puppy. Never sent to the server. */
export const NO_PREFERENCE = 'no-preference';
