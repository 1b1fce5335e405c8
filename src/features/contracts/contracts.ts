import * as z from 'zod/mini';

/**
 * The puppy sales agreement (issue 30): her template, the contract frozen for one family, the two
 * signatures. The editor, the admin screens and the server share these shapes, limits and words.
 */

/** Every placeholder a template may name, filled from the reservation when she sends it. */
export const PLACEHOLDERS = [
  'family',
  'email',
  'phone',
  'puppy',
  'litter',
  'born',
  'price',
  'deposit',
  'balance',
  'goHomeDate',
  'breeder',
  'kennel',
  'today',
] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

/** What a placeholder whose value is not known yet becomes: a line to write on. */
export const BLANK_LINE = '____________________';

export const CONTRACT_LIMITS = {
  title: 120,
  text: 30_000,
  breederName: 100,
  reason: 500,
  name: 100,
} as const;
/** The template versions kept (the history of the last saves). */
export const MAX_TEMPLATE_HISTORY = 10;

export const contractText = {
  consent: 'I agree to sign electronically and to receive this agreement electronically',
  sign: 'Sign',
  signAsBreeder: 'Sign as breeder',
  sendContract: 'Send contract',
  voidContract: 'Void contract',
  readAndSign: 'Read and sign',
} as const;

const CONTRACT_STATUSES = ['sent', 'family-signed', 'signed', 'void'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];
export const contractStatusLabels: Record<ContractStatus, string> = {
  sent: 'Sent',
  'family-signed': 'Signed by family',
  signed: 'Signed by both',
  void: 'Void',
};

export const contractMessages = {
  unknownPlaceholder: (names: string[]) =>
    `Unknown placeholder${names.length > 1 ? 's' : ''}: ${names.map((name) => `{${name}}`).join(', ')}. Use only ${PLACEHOLDERS.map((name) => `{${name}}`).join(', ')}.`,
  titleRequired: 'Write the agreement’s title',
  titleTooLong: `The title must be at most ${CONTRACT_LIMITS.title} characters`,
  textRequired: 'Write the agreement’s text',
  textTooLong: `The text must be at most ${CONTRACT_LIMITS.text.toLocaleString('en-US')} characters`,
  breederNameTooLong: `Your name must be at most ${CONTRACT_LIMITS.breederName} characters`,
  reasonRequired: 'Write why the contract is void',
  reasonTooLong: `The reason must be at most ${CONTRACT_LIMITS.reason} characters`,
  consentRequired: 'Tick the box to agree to sign electronically',
  nameRequired: 'Type your full name',
  nameTooLong: `Your name must be at most ${CONTRACT_LIMITS.name} characters`,
  signatureRequired: 'Draw your signature, or type it',
  signatureInvalid: 'That signature could not be read. Draw it again (or type it instead) and sign again.',
  alreadySigned: 'This contract is already signed: it cannot be signed again.',
  familyAlreadySigned: 'You have already signed this contract.',
  breederAlreadySigned: 'You have already signed this contract as the breeder.',
  voided: 'This contract was voided: it can no longer be signed.',
  textChanged:
    'The agreement’s text changed since this page was opened. Reload the page, read it again, then sign.',
  familyFirst: 'The family has not signed yet: you sign after them.',
  noSuchContract: 'No such contract.',
  noSuchReservation: 'No such reservation held now.',
  alreadyOpen: 'This family already has a contract that is not void: void it before sending a new one.',
  alreadyVoid: 'This contract is already void.',
  staleTemplate:
    'The template was saved from another tab or device since you opened this page. Reload the page: these changes were not saved.',
  noDraft: 'There is no draft to save.',
  noSuchVersion: 'No such version in the history.',
  linkNotActive: 'This link is no longer active. Ask the breeder for a new one.',
} as const;

/** Which `{names}` a text uses that are not placeholders (each once, in order). */
export function unknownPlaceholders(text: string): string[] {
  const known = new Set<string>(PLACEHOLDERS);
  const unknown: string[] = [];
  for (const match of text.matchAll(/\{([^{}\s]{1,40})\}/g)) {
    const name = match[1] ?? '';
    if (!known.has(name) && !unknown.includes(name)) unknown.push(name);
  }
  return unknown;
}

/** Fills every placeholder; one without a value (or an empty one) becomes {@link BLANK_LINE}. */
export function fillPlaceholders(text: string, values: Partial<Record<Placeholder, string>>): string {
  return text.replace(/\{([A-Za-z]{1,40})\}/g, (whole, name: string) => {
    if (!(PLACEHOLDERS as readonly string[]).includes(name)) return whole;
    const value = values[name as Placeholder]?.trim();
    return value ? value : BLANK_LINE;
  });
}

const title = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, contractMessages.titleRequired),
    z.maxLength(CONTRACT_LIMITS.title, contractMessages.titleTooLong),
  );
const text = z.string().check(
  z.minLength(1, contractMessages.textRequired),
  z.maxLength(CONTRACT_LIMITS.text, contractMessages.textTooLong),
  z.refine((value) => value.trim().length > 0, contractMessages.textRequired),
);

/** Her template as she edits it: the title, the text, and her name as it is printed under her signature. */
export const templateSchema = z
  .object({
    title,
    text,
    breederName: z
      .string()
      .check(z.trim(), z.maxLength(CONTRACT_LIMITS.breederName, contractMessages.breederNameTooLong)),
  })
  .check(
    z.superRefine((value, ctx) => {
      const unknown = unknownPlaceholders(`${value.title}\n${value.text}`);
      if (unknown.length > 0)
        ctx.issues.push({
          code: 'custom',
          message: contractMessages.unknownPlaceholder(unknown),
          path: [unknownPlaceholders(value.title).length > 0 ? 'title' : 'text'],
          input: value,
        });
    }),
  );
export type ContractTemplate = z.infer<typeof templateSchema>;

/** `PUT /api/contracts/template/draft`. */
export const draftInput = z.strictObject({ basedOn: z.number().check(z.int()), template: templateSchema });
/** `POST /api/contracts/template/save` and `/discard`. */
export const basedOnInput = z.strictObject({ basedOn: z.number().check(z.int()) });
/** `POST /api/contracts/template/restore`. */
export const restoreInput = z.strictObject({
  basedOn: z.number().check(z.int()),
  revision: z.number().check(z.int()),
});

export const voidInput = z.strictObject({
  reason: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, contractMessages.reasonRequired),
      z.maxLength(CONTRACT_LIMITS.reason, contractMessages.reasonTooLong),
    ),
});

/** A signature as the signing form sends it (the family's form, or her API call). */
export const signatureInput = z.object({
  consent: z.literal(true, contractMessages.consentRequired),
  name: z
    .string(contractMessages.nameRequired)
    .check(
      z.trim(),
      z.minLength(1, contractMessages.nameRequired),
      z.maxLength(CONTRACT_LIMITS.name, contractMessages.nameTooLong),
    ),
  /** 'drawn': `image` is a PNG data URL; 'typed': the name is the signature, shown in a script style. */
  method: z.enum(['drawn', 'typed'], contractMessages.signatureRequired),
  image: z.optional(z.string().check(z.maxLength(400_000, contractMessages.signatureInvalid))),
  /** The SHA-256 (hex) of the agreement's text as the page showed it. */
  textHash: z.string().check(z.regex(/^[0-9a-f]{64}$/, contractMessages.textChanged)),
});
export type SignatureInput = z.infer<typeof signatureInput>;

/** One signature as the dashboard and the family's page show it. */
interface SignatureView {
  name: string;
  signedAt: string;
  method: 'drawn' | 'typed';
}

/** A contract as the dashboard shows it. */
export interface ContractView {
  id: string;
  inquiryId: string;
  reservationId: string;
  puppyName: string;
  title: string;
  text: string;
  /** SHA-256 (hex) of the frozen text: what each signer saw. */
  textHash: string;
  status: ContractStatus;
  sentAt: string;
  sentTo: string;
  family: SignatureView | null;
  breeder: SignatureView | null;
  voidedAt: string | null;
  voidReason: string | null;
  /** The signed PDF once both have signed and it is made. */
  pdf: { url: string; sha256: string; bytes: number } | null;
  /** The family's link: only in the answer to "Send contract" (it is stored only as a hash). */
  link?: string;
}

interface TemplateVersion {
  revision: number;
  savedAt: string;
  savedBy: string;
  template: ContractTemplate;
}

/** `GET /api/contracts/template` and every template change. */
export interface TemplateState {
  /** The draft, or the saved template when there is none. */
  template: ContractTemplate;
  /** The saved revision the draft started from: a write based on another is refused (409). */
  basedOn: number;
  hasDraft: boolean;
  draftSavedAt: string | null;
  /** Newest first: the saved versions kept. */
  history: TemplateVersion[];
}

export const contractsApi = {
  template: '/api/contracts/template',
  draft: '/api/contracts/template/draft',
  save: '/api/contracts/template/save',
  discard: '/api/contracts/template/discard',
  restore: '/api/contracts/template/restore',
  preview: (reservationId: string) => `/api/contracts/preview/${encodeURIComponent(reservationId)}`,
  ofInquiry: (inquiryId: string) => `/api/inquiries/${encodeURIComponent(inquiryId)}/contracts`,
  send: (reservationId: string) => `/api/reservations/${encodeURIComponent(reservationId)}/contract`,
  sign: (id: string) => `/api/contracts/${encodeURIComponent(id)}/sign`,
  void: (id: string) => `/api/contracts/${encodeURIComponent(id)}/void`,
  pdf: (id: string) => `/api/contracts/${encodeURIComponent(id)}/pdf`,
} as const;

/** The family's signing page and what it posts to. */
export const contractPaths = {
  page: (token: string) => `/contract/${token}`,
  sign: (token: string) => `/contract/${token}/sign`,
  pdf: (token: string) => `/contract/${token}/agreement.pdf`,
} as const;

/** `{ field: message }`: the first message of each field (a template's fields by their own names). */
export function contractFieldErrors(error: z.core.$ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path[0] === 'template' ? issue.path.slice(1) : issue.path;
    const key = path.length > 0 ? path.map(String).join('.') : 'form';
    errors[key] ??= issue.message;
  }
  return errors;
}
