import { z } from 'zod';
import type { NextLitter } from '../features/sales/next-litter';
import { DEPOSIT_METHODS, type Deposit, INQUIRY_STATUSES, type InquiryNote } from '../shared/sales';

/**
 * sales.json (decision 092): each inquiry's status and notes, the reservations, the waitlist and
 * the next litter. The types the sales feature stores are read off this schema; the shapes the
 * dashboard shares (a note, a deposit, the next litter) are checked against their types.
 */

const note: z.ZodType<InquiryNote> = z.object({ id: z.string(), text: z.string(), at: z.string() });

const deposit: z.ZodType<Deposit> = z.object({
  cents: z.number().int(),
  receivedOn: z.string(),
  method: z.enum(DEPOSIT_METHODS),
});

/** What the breeder keeps about one inquiry; the inquiry itself is never rewritten. */
const inquirySaleRecord = z.object({
  /** Absent until she chooses one: the inquiry is then "New" (or "On waitlist"). */
  status: z.enum(INQUIRY_STATUSES).optional(),
  /** Oldest first (appended). */
  notes: z.array(note).optional(),
  /** When the family joined the waitlist (ISO 8601). */
  waitlistedAt: z.string().optional(),
});
export type InquirySaleRecord = z.output<typeof inquirySaleRecord>;

const reservationRecord = z.object({
  id: z.string(),
  puppyId: z.string(),
  /** The puppy's name when reserved: still shown if the puppy is removed later. */
  puppyName: z.string(),
  inquiryId: z.string(),
  deposit: deposit.nullable(),
  note: z.string().nullable(),
  reservedAt: z.string(),
  /** Set when the reservation was cancelled (the puppy is available again). */
  cancelledAt: z.string().optional(),
  cancelNote: z.string().optional(),
  /** Set when the puppy went home with this family (sold through the litter manager). */
  wentHomeAt: z.string().optional(),
});
export type ReservationRecord = z.output<typeof reservationRecord>;

/** The next litter as the breeder set it (src/features/sales/next-litter.ts). */
const nextLitter: z.ZodType<NextLitter> = z.object({
  shown: z.boolean(),
  expected: z.string(),
  parents: z.string(),
  description: z.string(),
});

export const salesSchema = z.object({
  // 1 and 2 are read alike: 2 only adds the application statuses (decision 131).
  version: z.union([z.literal(1), z.literal(2)]),
  inquiries: z.record(z.string(), inquirySaleRecord),
  /** Every reservation ever made, oldest first; at most one per puppy is held at a time. */
  reservations: z.array(reservationRecord),
  /** The waitlist's order: inquiry ids, first come first (the breeder may move them). */
  waitlist: z.array(z.string()).default([]),
  /** Null until she first saves it. */
  nextLitter: nextLitter.nullable().default(null),
});
export type SalesData = Omit<z.output<typeof salesSchema>, 'version'>;
