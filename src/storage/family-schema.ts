import { z } from 'zod';

/**
 * family.json (issue 28): each family's private page. The types the family feature works with
 * are read off this schema. A link's token is never stored, only its SHA-256 (decision 114); an
 * email that carries a new link holds it only until the email is settled, then the text is dropped.
 */

const isoTime = z.string().min(1);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const id = z.string().min(1).max(100);

/** A receipt's file in DATA_DIR/proofs: a random name and the type its content was found to be. */
export const proofFileNameSchema = z.string().regex(/^[A-Za-z0-9_-]{22}\.(jpg|png|webp|heic|pdf)$/);

const familyLink = z.object({
  inquiryId: id,
  /** SHA-256 of the token, hex. */
  tokenHash: z.string().regex(/^[0-9a-f]{64}$/),
  createdAt: isoTime,
  /** Set when she turned it off or replaced it: the link then answers "no longer active". */
  endedAt: isoTime.optional(),
  endedBy: z.enum(['turned-off', 'replaced']).optional(),
});

const payment = z.object({
  id,
  reservationId: id,
  cents: z.number().int().positive(),
  paidOn: day,
  method: z.string().min(1).max(20),
  recordedAt: isoTime,
  /** 'card': recorded by the Stripe webhook, once per checkout session. */
  source: z.enum(['breeder', 'card']),
  checkoutSessionId: z.string().max(255).optional(),
});

const goHome = z.object({
  date: day,
  /** "HH:MM", or blank. */
  time: z.string().max(5),
  place: z.string().max(300),
  note: z.string().max(2000),
  /** When the reminder email was queued (the day before, once). */
  remindedAt: isoTime.optional(),
});

const familyMail = z.object({
  id,
  inquiryId: id,
  kind: z.enum(['link', 'update', 'reminder', 'question', 'turn']),
  to: z.string().min(1),
  subject: z.string(),
  /** The text to send; dropped ('') once settled, so a link's token stays on disk only until sent. */
  text: z.string(),
  /** Whom a reply goes to, when not her own address: the family, on her notice of their question. */
  replyTo: z.object({ name: z.string().max(200), address: z.string().min(1).max(320) }).optional(),
  queuedAt: isoTime,
  updatedAt: isoTime,
  state: z.enum(['waiting', 'sent', 'failed']),
  attempts: z.number().int().nonnegative(),
  nextAttemptAt: isoTime.optional(),
  lastAnswer: z.string().optional(),
  /** The update it tells about. */
  updateId: id.optional(),
});

export const familySchema = z.object({
  version: z.literal(1),
  /** Every link ever made, oldest first: at most one active per inquiry. */
  links: z.array(familyLink),
  /** Payments beyond the deposit (recorded on the reservation in sales.json). */
  payments: z.array(payment),
  /** Reservation id → the price in cents, when she set one (else the page's single price). */
  prices: z.record(z.string(), z.number().int().nonnegative()),
  goHome: z.record(z.string(), goHome),
  settings: z.object({
    /** Her payment instructions, one text (e.g. her Zelle or Venmo details). */
    paymentInstructions: z.string().max(2000),
    /** "What to bring" on go-home day, one item a line, for every family. */
    whatToBring: z.string().max(2000),
    /** Her Stripe Payment Link (https://buy.stripe.com/…), or blank. */
    paymentLink: z.string().max(300),
  }),
  /** The emails to families (and her notices of their questions), oldest first; settled ones are kept 30 days. */
  mails: z.array(familyMail),
  /**
   * The updates she posts, oldest first: to a litter's families, or to one reserved puppy's.
   * A deleted update is removed, and its photos' files with it.
   */
  updates: z.array(
    z.object({
      id,
      /**
       * 'litter': the families of `litterId` (its reserved puppies' and its waitlist's; an update
       * stored before litters had ids went to every family with a reservation); 'family': the
       * family of `reservationId`.
       */
      scope: z.enum(['litter', 'family']),
      reservationId: id.optional(),
      litterId: id.optional(),
      text: z.string().max(2000),
      photos: z.array(z.object({ id, alt: z.string().max(200) })).max(10),
      postedAt: isoTime,
      editedAt: isoTime.optional(),
    }),
  ),
  /** The receipts families attached ("Add proof of payment"), oldest first. */
  proofs: z.array(
    z.object({
      id,
      reservationId: id,
      file: proofFileNameSchema,
      type: z.enum(['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'application/pdf']),
      bytes: z.number().int().positive(),
      at: isoTime,
      /** The payment she matched it to ("Goes with"): a payment's id, or `deposit-{reservation}`. */
      paymentId: id.optional(),
    }),
  ),
  /** The families' questions from their pages, oldest first (shown on their inquiry). */
  questions: z.array(
    z.object({
      id,
      inquiryId: id,
      text: z.string().max(2000),
      at: isoTime,
      /** When she opened the inquiry after it arrived: until then the inquiry is "New" again. */
      seenAt: isoTime.optional(),
    }),
  ),
});

export type FamilyData = z.output<typeof familySchema>;
export type FamilyLinkRecord = z.output<typeof familyLink>;
export type FamilyMailRecord = z.output<typeof familyMail>;
export type FamilyUpdateRecord = FamilyData['updates'][number];
