import { z } from 'zod';

/**
 * contracts.json (issue 30): her agreement template (saved, draft, history) and every contract
 * sent, frozen as the family was shown it, with its signatures, its owed emails and its PDF.
 * The types the contracts feature works with are read off these schemas.
 */

const isoTime = z.string().min(1);

const template = z.object({ title: z.string(), text: z.string(), breederName: z.string() });

const templateVersion = z.object({
  revision: z.number().int(),
  savedAt: isoTime,
  savedBy: z.string(),
  template,
});

/** One signature, with what the signing record of the PDF prints about it. */
const signature = z.object({
  name: z.string(),
  signedAt: isoTime,
  method: z.enum(['drawn', 'typed']),
  /** The drawn signature, re-encoded as a PNG by the server (base64); absent when typed. */
  image: z.string().optional(),
  ip: z.string(),
  userAgent: z.string(),
  /** The browser in words ("Safari on iPhone"). */
  browser: z.string(),
  /** The address the family's link was sent to, or her account's for her signature. */
  email: z.string(),
  /** SHA-256 (hex) of the agreement's text as the page showed it. */
  textHash: z.string(),
});
export type SignatureRecord = z.infer<typeof signature>;

/** An email the contract owes (the contract on disk is the record that it is owed: decision 050). */
const contractMail = z.object({
  id: z.string().min(1),
  kind: z.enum(['family-signed', 'pdf-family', 'pdf-breeder']),
  to: z.array(z.string()),
  state: z.enum(['waiting', 'sent', 'failed', 'skipped']),
  attempts: z.number().int().nonnegative(),
  queuedAt: isoTime,
  updatedAt: isoTime,
  nextAttemptAt: isoTime.optional(),
  lastAnswer: z.string().optional(),
});
export type ContractMailRecord = z.infer<typeof contractMail>;

const contract = z.object({
  id: z.string().min(1),
  inquiryId: z.string().min(1),
  reservationId: z.string().min(1),
  puppyName: z.string(),
  /** The filled title and text, frozen when sent: later template edits never change them. */
  title: z.string(),
  text: z.string(),
  textHash: z.string(),
  sentAt: isoTime,
  sentBy: z.string(),
  /** The family's email the link went to. */
  sentTo: z.string(),
  /** SHA-256 (hex) of the family's link token: the token itself is never stored. */
  tokenHash: z.string(),
  family: signature.nullable(),
  breeder: signature.nullable(),
  voidedAt: isoTime.nullable(),
  voidReason: z.string().nullable(),
  /** The signed PDF (DATA_DIR/contracts/{file}), once made. */
  pdf: z
    .object({ file: z.string(), sha256: z.string(), bytes: z.number().int(), madeAt: isoTime })
    .nullable(),
  mails: z.array(contractMail),
});
export type ContractRecord = z.infer<typeof contract>;

export const contractsSchema = z.object({
  version: z.literal(1),
  template: z.object({ revision: z.number().int(), savedAt: isoTime, savedBy: z.string(), template }),
  draft: z.object({ basedOn: z.number().int(), savedAt: isoTime, template }).nullable(),
  /** The saved versions, newest first (at most MAX_TEMPLATE_HISTORY). */
  history: z.array(templateVersion),
  /** Every contract sent, oldest first; a voided one stays, marked void. */
  contracts: z.array(contract),
});
export type ContractsData = z.infer<typeof contractsSchema>;

/** A signed PDF's name in DATA_DIR/contracts: the contract's id. */
export const contractPdfNameSchema = z.string().regex(/^[0-9a-f-]{36}\.pdf$/);
