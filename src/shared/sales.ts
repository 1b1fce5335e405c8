import * as z from 'zod/mini';

/**
 * The sales flow beside the inbox (issue 20): where each inquiry stands, the breeder's private
 * notes, reservations with their deposits. What the family wrote is never changed: all of this
 * is kept beside the inquiry (DATA_DIR/sales.json, decision 092), read by the dashboard and
 * produced by the server.
 */

/** Every status, in the order the dashboard offers them. */
export const INQUIRY_STATUSES = ['new', 'contacted', 'waitlist', 'reserved', 'went-home', 'closed'] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];

export const statusLabels: Record<InquiryStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  waitlist: 'On waitlist',
  reserved: 'Reserved',
  'went-home': 'Went home',
  closed: 'Closed',
};

const DEPOSIT_METHODS = ['Cash', 'Zelle', 'Venmo', 'PayPal', 'Card', 'Check', 'Other'] as const;
type DepositMethod = (typeof DEPOSIT_METHODS)[number];

/** A private note of the breeder's on an inquiry. */
export interface InquiryNote {
  id: string;
  text: string;
  /** ISO 8601, UTC. */
  at: string;
}

export interface Deposit {
  /** Whole dollars and cents, as typed ("300", "250.50"), kept in cents. */
  cents: number;
  /** The day it was received: YYYY-MM-DD. */
  receivedOn: string;
  method: DepositMethod;
}

/** A puppy held for a family, as the dashboard shows it. */
export interface ReservationView {
  id: string;
  puppyId: string;
  /** The puppy's name (or the last one known, if the puppy was removed since). */
  puppyName: string;
  inquiryId: string;
  /** The family's name, from the inquiry. */
  familyName: string;
  deposit: Deposit | null;
  note: string | null;
  reservedAt: string;
  /** 'held' while the puppy waits; 'went-home' once it was sold to this family. */
  state: 'held' | 'went-home';
}

/** What the dashboard shows of an inquiry's sale, beside the inquiry itself. */
export interface InquirySale {
  status: InquiryStatus;
  /** Newest first. */
  notes: InquiryNote[];
  /** The family's reservation, held or gone home, if any. */
  reservation: ReservationView | null;
}

/** What each sales change on an inquiry answers. */
export interface InquirySaleAnswer extends InquirySale {
  id: string;
}

const SALES_LIMITS = { note: 2000, depositCents: 100_000_00 } as const;

export const salesMessages = {
  status: 'Choose one of the statuses',
  note: 'Write the note',
  noteLong: `A note must be at most ${SALES_LIMITS.note.toLocaleString('en-US')} characters`,
  noSuchInquiry: 'No such inquiry.',
} as const;

const noteText = z
  .string({ error: salesMessages.note })
  .check(
    z.trim(),
    z.minLength(1, salesMessages.note),
    z.maxLength(SALES_LIMITS.note, salesMessages.noteLong),
  );

/** POST /api/inquiries/:id/status */
export const statusInput = z.strictObject({
  status: z.enum(INQUIRY_STATUSES, { error: salesMessages.status }),
});

/** POST /api/inquiries/:id/notes */
export const noteInput = z.strictObject({ text: noteText });

export const salesApi = {
  status: (id: string) => `/api/inquiries/${encodeURIComponent(id)}/status`,
  notes: (id: string) => `/api/inquiries/${encodeURIComponent(id)}/notes`,
} as const;

/** `$1,250` or `$250.50`: a deposit as the dashboard and the CSV write it. */
export function formatDollars(cents: number): string {
  const whole = cents % 100 === 0;
  return `$${(cents / 100).toLocaleString('en-US', {
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  })}`;
}

/** `{ field: message }`: the first message of each field. */
export function salesFieldErrors(error: z.core.$ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : 'form';
    errors[key] ??= issue.message;
  }
  return errors;
}
