import * as z from 'zod/mini';
import { NO_PREFERENCE } from '../features/inquiries/inquiry-fields';
import type { Inquiry } from './api';

/** The one field-error shape (api.ts), here too for the contact form, which loads this module lazily. */
export { fieldErrors } from './api';

/**
 * The one definition of a valid inquiry and sign-in, parsed the same way by the browser form and
 * by the server. Messages of spec section 5 are word for word; the maximums are ours.
 */

export const inquiryMessages = {
  nameShort: 'Name must be at least 2 characters',
  nameLong: 'Name must be at most 100 characters',
  email: 'Please enter a valid email address',
  emailLong: 'Email address must be at most 254 characters',
  phoneLong: 'Phone number must be at most 40 characters',
  phoneType: 'Please enter a phone number',
  puppy: 'Please choose one of the available puppies',
  messageShort: 'Message must be at least 10 characters',
  messageLong: 'Message must be at most 5,000 characters',
} as const;

export const loginMessages = {
  username: 'Email is required',
  password: 'Password is required',
} as const;

export const secondStepMessages = {
  codeRequired: 'Enter the 6-digit code from your authenticator app',
  turnedOff: 'Two-step sign-in is off.',
} as const;

const INQUIRY_LIMITS = { name: 100, email: 254, phone: 40, message: 5000 } as const;

/** An optional field left blank (or "no preference") is absent, not an empty string. */
const absentWhen =
  (...blanks: string[]) =>
  (value: unknown) =>
    typeof value === 'string' && (value.trim() === '' || blanks.includes(value.trim())) ? undefined : value;

/** Drops the keys whose value is undefined, so an omitted field is omitted, not `undefined`. */
function withoutAbsent<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** Trimmed first, so minimums and maximums count what is kept. */
const trimmedString = (typeError: string, ...checks: z.core.$ZodCheck<string>[]) =>
  z.string({ error: typeError }).check(z.trim(), ...checks);

/** Blank (or one of `blanks`) becomes absent; otherwise the value must pass `schema`. */
const optionalField = (schema: z.ZodMiniType<string, string>, ...blanks: string[]) =>
  z.pipe(z.transform(absentWhen(...blanks)), z.optional(schema));

/** zod/mini ships no locale: the one default message the form relies on, as zod's English reads. */
const notAnObject = {
  error: (issue: { input?: unknown }) => `Invalid input: expected object, received ${typeName(issue.input)}`,
};

function typeName(value: unknown): string {
  if (value === null) return 'null';
  return Array.isArray(value) ? 'array' : typeof value;
}

const inquiryObjectFor = (puppyNames: readonly string[]) =>
  z.object(
    {
      name: trimmedString(
        inquiryMessages.nameShort,
        z.minLength(2, inquiryMessages.nameShort),
        z.maxLength(INQUIRY_LIMITS.name, inquiryMessages.nameLong),
      ),
      email: trimmedString(
        inquiryMessages.email,
        z.maxLength(INQUIRY_LIMITS.email, inquiryMessages.emailLong),
        z.email(inquiryMessages.email),
      ),
      phone: optionalField(
        trimmedString(
          inquiryMessages.phoneType,
          z.maxLength(INQUIRY_LIMITS.phone, inquiryMessages.phoneLong),
        ),
      ),
      puppy: optionalField(
        trimmedString(
          inquiryMessages.puppy,
          z.refine((name: string) => puppyNames.includes(name), inquiryMessages.puppy),
        ),
        NO_PREFERENCE,
      ),
      message: trimmedString(
        inquiryMessages.messageShort,
        z.minLength(10, inquiryMessages.messageShort),
        z.maxLength(INQUIRY_LIMITS.message, inquiryMessages.messageLong),
      ),
    },
    notAnObject,
  );

const makeInquirySchema = (puppyNames: readonly string[]) => {
  const object = inquiryObjectFor(puppyNames);
  return z.pipe(
    object,
    z.transform((value: z.output<typeof object>): Omit<Inquiry, 'id' | 'createdAt'> => withoutAbsent(value)),
  );
};

type InquirySchema = ReturnType<typeof makeInquirySchema>;
const schemas = new WeakMap<readonly string[], InquirySchema>();

/**
 * An inquiry as sent and stored: trimmed, a blank phone and "no preference" omitted, unknown
 * keys dropped (so nothing a client adds is ever stored). The puppy, when named, must be one of
 * `puppyNames`: the available puppies as the page shows them (the breeder's, from DATA_DIR).
 * Made once per list (the list is the same array until the puppies change).
 */
export function inquirySchemaFor(puppyNames: readonly string[]): InquirySchema {
  let schema = schemas.get(puppyNames);
  if (!schema) {
    schema = makeInquirySchema(puppyNames);
    schemas.set(puppyNames, schema);
  }
  return schema;
}

export type InquiryInput = z.output<InquirySchema>;

export const loginSchema = z.object(
  {
    username: trimmedString(loginMessages.username, z.minLength(1, loginMessages.username)),
    // Not trimmed: spaces can be part of a password.
    password: z.string({ error: loginMessages.password }).check(z.minLength(1, loginMessages.password)),
  },
  notAnObject,
);

export type LoginInput = z.output<typeof loginSchema>;

/**
 * The second step of a sign-in, and turning the authenticator app on or off: a 6-digit code (or
 * a recovery code, which the server tells apart). Bounded so a body cannot buy a long hash.
 */
export const codeSchema = z.object(
  {
    code: trimmedString(
      secondStepMessages.codeRequired,
      z.minLength(1, secondStepMessages.codeRequired),
      z.maxLength(40, secondStepMessages.codeRequired),
    ),
  },
  notAnObject,
);

export type CodeInput = z.output<typeof codeSchema>;

export const passwordChangeMessages = {
  current: 'Enter your current password',
  next: 'Enter a new password',
  repeat: 'Enter the new password again',
  mismatch: 'The two new passwords are not the same',
  wrongCurrent: 'That is not your current password',
} as const;

/**
 * "Change password" on the account page. Only presence and the match are checked here; the rules
 * of a new password (those of create-admin) are the server's, which answers them per field.
 */
export const passwordChangeSchema = z
  .object(
    {
      currentPassword: z
        .string({ error: passwordChangeMessages.current })
        .check(z.minLength(1, passwordChangeMessages.current)),
      newPassword: z
        .string({ error: passwordChangeMessages.next })
        .check(z.minLength(1, passwordChangeMessages.next)),
      repeatPassword: z
        .string({ error: passwordChangeMessages.repeat })
        .check(z.minLength(1, passwordChangeMessages.repeat)),
    },
    notAnObject,
  )
  .check(
    z.refine((value) => value.newPassword === value.repeatPassword, {
      message: passwordChangeMessages.mismatch,
      path: ['repeatPassword'],
      when: (payload) => payload.issues.length === 0,
    }),
  );

export type PasswordChangeInput = z.output<typeof passwordChangeSchema>;
