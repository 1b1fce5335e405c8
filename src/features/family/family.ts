import * as z from 'zod/mini';
import { DEPOSIT_METHODS } from '../../shared/sales';
import type { AdminPhoto } from '../puppies/index';

/**
 * Each family's own page (issue 28): what the admin screens send and read about it. The page
 * itself is rendered by the server only (family-page.server.ts).
 */

/** Where a family's page is: `/family/{token}`. */
export const FAMILY_PAGE_PATH = '/family';

export const familyApi = {
  /** GET the family's page state (link, payments, go-home day); POST sends (or replaces) the link. */
  family: (inquiryId: string) => `/api/inquiries/${encodeURIComponent(inquiryId)}/family`,
  link: (inquiryId: string) => `/api/inquiries/${encodeURIComponent(inquiryId)}/family-link`,
  turnOff: (inquiryId: string) => `/api/inquiries/${encodeURIComponent(inquiryId)}/family-link/turn-off`,
  payments: (reservationId: string) => `/api/reservations/${encodeURIComponent(reservationId)}/payments`,
  price: (reservationId: string) => `/api/reservations/${encodeURIComponent(reservationId)}/price`,
  goHome: (reservationId: string) => `/api/reservations/${encodeURIComponent(reservationId)}/go-home`,
  settings: '/api/family-settings',
  updates: '/api/family-updates',
  update: (id: string) => `/api/family-updates/${encodeURIComponent(id)}`,
  proof: (id: string) => `/api/family-proofs/${encodeURIComponent(id)}`,
  /** PUT `{ paymentId }`: the payment a receipt goes with (null: none). */
  proofPayment: (id: string) => `/api/family-proofs/${encodeURIComponent(id)}/payment`,
} as const;

/** An update she posted, as the dashboard lists it, with who was emailed and whether it arrived. */
export interface FamilyUpdateView {
  id: string;
  scope: 'litter' | 'family';
  /** "Daisy's family" or "The families of {litter}". */
  audience: string;
  reservationId?: string;
  /** A litter's update: the litter whose families it went to (issue 27). */
  litterId?: string;
  text: string;
  photos: AdminPhoto[];
  postedAt: string;
  editedAt?: string;
  emailed: { familyName: string; to: string; state: MailState }[];
}

/** GET /api/family-updates */
export interface FamilyUpdates {
  updates: FamilyUpdateView[];
}

type MailState = 'waiting' | 'sent' | 'failed';

/** An email to the family, as she sees it beside the family's page. */
interface FamilyMailView {
  id: string;
  kind: 'link' | 'update' | 'reminder' | 'question' | 'turn';
  subject: string;
  to: string;
  state: MailState;
  queuedAt: string;
  updatedAt: string;
  lastAnswer?: string;
}

interface FamilyPaymentView {
  id: string;
  cents: number;
  paidOn: string;
  method: string;
  source: 'deposit' | 'breeder' | 'card';
}

export interface GoHomeDay {
  date: string;
  time: string;
  place: string;
  note: string;
}

/** GET /api/inquiries/:id/family */
export interface FamilyState {
  inquiryId: string;
  link: { active: boolean; createdAt: string; endedAt?: string } | null;
  /** Only in the answer that made it: the token is never stored, so it cannot be shown again. */
  url?: string;
  /** Whether an email could be queued (notices by email are on). */
  emailOn: boolean;
  mails: FamilyMailView[];
  money: {
    reservationId: string;
    priceCents: number;
    payments: FamilyPaymentView[];
    paidCents: number;
    dueCents: number;
    /**
     * The receipts the family attached, oldest first (GET familyApi.proof(id) opens one), each
     * with the payment she matched it to (one of `payments`' ids) once she did.
     */
    proofs: { id: string; type: string; bytes: number; at: string; paymentId?: string }[];
  } | null;
  goHome: GoHomeDay | null;
  /** The family's questions from their page, oldest first. */
  questions: { id: string; text: string; at: string }[];
}

/** GET/PUT /api/family-settings */
export interface FamilySettings {
  paymentInstructions: string;
  whatToBring: string;
  paymentLink: string;
}

export const familyMessages = {
  noSuchInquiry: 'No such inquiry.',
  noReservation: 'This family has no reservation held. Reload the page.',
  noLitter: 'This litter is no longer listed. Reload the page.',
  noLink: 'This family has no active link.',
  amount: 'Enter the amount in dollars, like 300 or 250.50',
  amountHigh: 'The amount must be at most $100,000',
  paidOn: 'Enter the day it was received',
  method: 'Choose how it was paid',
  price: 'Enter the price in dollars, like 900',
  date: 'Enter the day',
  time: 'Enter a time like 10:30, or leave it blank',
  long: (max: number) => `At most ${max.toLocaleString('en-US')} characters`,
  paymentLink: 'Paste a Stripe Payment Link starting with https://buy.stripe.com/, or leave it blank',
  question: 'Write your question',
  questionLong: 'A question must be at most 2,000 characters',
  proofPayment: "Choose one of this family's payments",
} as const;

const DOLLARS = /^\$?\s*(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/;
/** "300", "$1,250", "250.50" → cents. */
export const dollarsToCents = (text: string) => Math.round(Number(text.replace(/[$,\s]/g, '')) * 100);

const isDay = (text: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const value = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(value.getTime()) && value.toISOString().startsWith(text);
};

const text = (max: number) =>
  z.string({ error: familyMessages.long(max) }).check(z.trim(), z.maxLength(max, familyMessages.long(max)));

/** POST /api/reservations/:id/payments */
export const paymentInput = z.strictObject({
  amount: z
    .string({ error: familyMessages.amount })
    .check(z.trim(), z.regex(DOLLARS, familyMessages.amount))
    .check(z.refine((value) => dollarsToCents(value) > 0, familyMessages.amount))
    .check(z.refine((value) => dollarsToCents(value) <= 100_000_00, familyMessages.amountHigh)),
  paidOn: z.string({ error: familyMessages.paidOn }).check(z.refine(isDay, familyMessages.paidOn)),
  method: z.enum(DEPOSIT_METHODS, { error: familyMessages.method }),
});

/** PUT /api/reservations/:id/price */
export const priceInput = z.strictObject({
  price: z
    .string({ error: familyMessages.price })
    .check(z.trim(), z.regex(DOLLARS, familyMessages.price))
    .check(z.refine((value) => dollarsToCents(value) <= 100_000_00, familyMessages.amountHigh)),
});

/** PUT /api/reservations/:id/go-home */
export const goHomeInput = z.strictObject({
  date: z.string({ error: familyMessages.date }).check(z.refine(isDay, familyMessages.date)),
  time: z
    .string({ error: familyMessages.time })
    .check(z.trim(), z.regex(/^$|^([01]\d|2[0-3]):[0-5]\d$/, familyMessages.time)),
  place: text(300),
  note: text(2000),
});

/** PUT /api/family-settings */
export const familySettingsInput = z.strictObject({
  paymentInstructions: text(2000),
  whatToBring: text(2000),
  paymentLink: z
    .string({ error: familyMessages.paymentLink })
    .check(
      z.trim(),
      z.regex(/^$|^https:\/\/buy\.stripe\.com\/[A-Za-z0-9_-]{1,200}$/, familyMessages.paymentLink),
    ),
});

const updateFields = {
  text: z
    .string({ error: 'Write the update' })
    .check(
      z.trim(),
      z.minLength(1, 'Write the update'),
      z.maxLength(2000, 'An update must be at most 2,000 characters'),
    ),
  photos: z
    .array(
      z.strictObject({
        id: z.string().check(z.minLength(1), z.maxLength(100)),
        alt: z.string().check(z.trim(), z.maxLength(200, 'A description must be at most 200 characters')),
      }),
      { error: 'Choose the photos again' },
    )
    .check(z.maxLength(10, 'At most 10 photos')),
};

/** POST /api/family-updates: to the whole litter, or to one reserved puppy's family. */
export const postUpdateInput = z.strictObject({
  scope: z.enum(['litter', 'family'], { error: 'Choose who it is for' }),
  reservationId: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  /** A litter's update: that litter's families (absent: the litter born last). */
  litterId: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  ...updateFields,
});

/** PUT /api/family-updates/:id */
export const editUpdateInput = z.strictObject(updateFields);

/** PUT /api/family-proofs/:id/payment: the payment a receipt goes with, or none (null). */
export const proofPaymentInput = z.strictObject({
  paymentId: z.nullable(
    z.string({ error: familyMessages.proofPayment }).check(z.minLength(1), z.maxLength(200)),
  ),
});

/** The family's question (the page's form). */
export const questionInput = z.strictObject({
  question: z
    .string({ error: familyMessages.question })
    .check(z.trim(), z.minLength(1, familyMessages.question), z.maxLength(2000, familyMessages.questionLong)),
});
