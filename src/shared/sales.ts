import * as z from 'zod/mini';

/**
 * The sales flow beside the inbox (issue 20): where each inquiry stands, the breeder's private
 * notes, reservations with their deposits. What the family wrote is never changed: all of this
 * is kept beside the inquiry (DATA_DIR/sales.json, decision 092), read by the dashboard and
 * produced by the server.
 */

/** Every status, in the order the dashboard offers them. */
export const INQUIRY_STATUSES = [
  'new',
  // An application (issue 29) and her decision on it; "Approved" families wait on the waitlist.
  'applied',
  'approved',
  'declined',
  'contacted',
  'waitlist',
  'reserved',
  'went-home',
  'closed',
] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];

export const statusLabels: Record<InquiryStatus, string> = {
  new: 'New',
  applied: 'Applied',
  approved: 'Approved',
  declined: 'Declined',
  contacted: 'Contacted',
  waitlist: 'On waitlist',
  reserved: 'Reserved',
  'went-home': 'Went home',
  closed: 'Closed',
};

/** "On waitlist" and "Approved" (an approved application, issue 29: approving is joining) hold a place on the waitlist. */
export const holdsWaitlistPlace = (status: InquiryStatus | undefined) =>
  status === 'waitlist' || status === 'approved';

/**
 * Whether an inquiry with `status` is in the dashboard's "Filter by status" choice `filter` (and
 * its count): "On waitlist" is every family with a place on the waitlist, approved ones too, as the
 * overview's "{w} on waitlist" counts them; every other choice is its own status.
 */
export const inStatusFilter = (status: InquiryStatus, filter: InquiryStatus) =>
  status === filter || (filter === 'waitlist' && holdsWaitlistPlace(status));

export const DEPOSIT_METHODS = ['Cash', 'Zelle', 'Venmo', 'PayPal', 'Card', 'Check', 'Other'] as const;
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
  puppy: 'Choose a puppy',
  puppyGone: 'This puppy is no longer listed. Reload the page.',
  puppySold: 'This puppy is already sold.',
  puppyTaken: (name: string) =>
    `${name} was just reserved in another tab or window. Reload the page to see who has her.`,
  familyHolds: (name: string) => `This family already has ${name} reserved: cancel that reservation first.`,
  amount: 'Enter the amount in dollars, like 300 or 250.50',
  amountHigh: 'The deposit must be at most $100,000',
  receivedOn: 'Enter the day it was received',
  method: 'Choose how it was paid',
  noSuchReservation: 'This reservation is no longer held. Reload the page.',
  congratulation: 'Write a note to the new family',
  puppyRemovedNote: 'The puppy was removed from the litter manager.',
  notOnWaitlist: 'This family is no longer on the waitlist. Reload the page.',
  direction: 'Move up or down',
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

/** "300", "$1,250", "250.50" → cents; anything else is refused. */
const DOLLARS = /^\$?\s*(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/;
const dollarsToCents = (text: string) => Math.round(Number(text.replace(/[$,\s]/g, '')) * 100);

const optionalNote = z.optional(
  z
    .string({ error: salesMessages.noteLong })
    .check(z.trim(), z.maxLength(SALES_LIMITS.note, salesMessages.noteLong)),
);

/** A real calendar day, YYYY-MM-DD. */
const isDay = (text: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(text);
};

const depositInput = z.object({
  amount: z
    .string({ error: salesMessages.amount })
    .check(z.trim(), z.regex(DOLLARS, salesMessages.amount))
    .check(z.refine((text) => dollarsToCents(text) > 0, salesMessages.amount))
    .check(z.refine((text) => dollarsToCents(text) <= SALES_LIMITS.depositCents, salesMessages.amountHigh)),
  receivedOn: z.string({ error: salesMessages.receivedOn }).check(z.refine(isDay, salesMessages.receivedOn)),
  method: z.enum(DEPOSIT_METHODS, { error: salesMessages.method }),
});

/** POST /api/inquiries/:id/reservation: the puppy, and optionally the deposit and a note. */
export const reserveInput = z.strictObject({
  puppyId: z
    .string({ error: salesMessages.puppy })
    .check(z.minLength(1, salesMessages.puppy), z.maxLength(100, salesMessages.puppy)),
  deposit: z.optional(depositInput),
  note: optionalNote,
});

/** The deposit as stored: cents, the day, the way it was paid. */
export function toDeposit(input: z.output<typeof depositInput>): Deposit {
  return { cents: dollarsToCents(input.amount), receivedOn: input.receivedOn, method: input.method };
}

/** POST /api/reservations/:id/cancel: an optional note (the deposit refunded or kept). */
export const cancelInput = z.strictObject({ note: optionalNote });

/** POST /api/reservations/:id/went-home: the note to the new family on the sold card. */
export const wentHomeInput = z.strictObject({
  note: z
    .string({ error: salesMessages.congratulation })
    .check(
      z.trim(),
      z.minLength(1, salesMessages.congratulation),
      z.maxLength(1000, 'The note must be at most 1000 characters'),
    ),
});

/** GET /api/reservations: the puppies held now, for the litter manager and the reserve dialog. */
export interface HeldReservations {
  reservations: ReservationView[];
}

/** A family on the waitlist, in order. */
export interface WaitlistEntry {
  /** 1 for the first. */
  place: number;
  id: string;
  name: string;
  email: string;
  /** When they joined it (ISO 8601). */
  joinedAt: string;
  /** The litter they wait for (issue 27): its id and name, or "any" and "Any litter". */
  litterId: string;
  litterName: string;
}

/** GET /api/waitlist */
export interface Waitlist {
  families: WaitlistEntry[];
}

/** POST /api/waitlist/:id/move */
export const waitlistMoveInput = z.strictObject({
  direction: z.enum(['up', 'down'], { error: salesMessages.direction }),
});

/** GET /api/sales/overview: the line at the top of the dashboard. */
export interface SalesOverview {
  /** Puppies a family can still ask for (available, not reserved). */
  available: number;
  /** Inquiries with each of these statuses. */
  reserved: number;
  wentHome: number;
  waitlist: number;
  /** The deposits recorded on the reservations held now, in cents. */
  depositCents: number;
  /** Applications waiting for her decision (issue 29): the line says so only when there are some. */
  applied: number;
}

export const salesApi = {
  overview: '/api/sales/overview',
  waitlist: '/api/waitlist',
  moveOnWaitlist: (id: string) => `/api/waitlist/${encodeURIComponent(id)}/move`,
  status: (id: string) => `/api/inquiries/${encodeURIComponent(id)}/status`,
  notes: (id: string) => `/api/inquiries/${encodeURIComponent(id)}/notes`,
  reserve: (id: string) => `/api/inquiries/${encodeURIComponent(id)}/reservation`,
  reservations: '/api/reservations',
  cancel: (id: string) => `/api/reservations/${encodeURIComponent(id)}/cancel`,
  wentHome: (id: string) => `/api/reservations/${encodeURIComponent(id)}/went-home`,
} as const;

/** `$1,250` or `$250.50`: a deposit as the dashboard and the CSV write it. */
export function formatDollars(cents: number): string {
  const whole = cents % 100 === 0;
  return `$${(cents / 100).toLocaleString('en-US', {
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  })}`;
}

/** The note "Mark as sold" and "Went home" start with; the breeder makes it personal. */
export const congratulation = (name: string) =>
  `Congratulations to ${name}'s new family on welcoming her home! We can't wait to see her grow.`;
