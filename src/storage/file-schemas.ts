import { z } from 'zod';
import { type LitterRecord, STORED_LITTER_STATUSES } from '../features/litters/litters';
import type { PuppyRecord } from '../features/puppies/puppies';
import type { Inquiry } from '../shared/api';
import type { VisitSource } from '../shared/visit-source';

/**
 * The shape of every data file, checked when the file is opened: a file that does not match is
 * refused and left untouched. The types the storage code works with are read off these schemas,
 * so a field added to a type is a field added to its file's schema (zod drops what a schema does
 * not name at the next write).
 */

const isoTime = z.string().min(1);

const inquiry: z.ZodType<Inquiry> = z.object({
  id: z.string().min(1),
  name: z.string(),
  email: z.string(),
  phone: z.string().optional(),
  puppy: z.string().optional(),
  message: z.string(),
  createdAt: isoTime,
});

export const inquiriesSchema = z.object({ version: z.literal(1), inquiries: z.array(inquiry) });

export const inquiryReadsSchema = z.object({
  version: z.literal(1),
  /** Inquiry id → when it was first opened (ISO 8601, UTC). */
  reads: z.record(z.string(), isoTime),
});

const user = z.object({
  id: z.string().min(1),
  username: z.string().min(1),
  passwordHash: z.string().min(1),
  /** Bumped by a password change: sessions signed with an older version are no longer valid. */
  sessionVersion: z.number().int(),
  /** Bumped by `create-admin --reset-second-step`: an authenticator app turned on before no longer counts. */
  secondStepResets: z.number().int().nonnegative().optional(),
  /** The CLI's last change, for the email the server sends when it notices it (issue 32). */
  lastChange: z
    .object({ what: z.enum(['password', 'second-step-reset']), at: isoTime, on: z.string() })
    .optional(),
});
export type User = z.infer<typeof user>;

export const usersSchema = z.object({ version: z.literal(1), users: z.array(user) });

export const endedSessionsSchema = z.object({
  version: z.literal(1),
  /** Session id → the time (ms since epoch) after which its cookie is refused anyway (expired). */
  sessions: z.record(z.string(), z.number().finite()),
});

/** The session secret's file: one line of at least 32 characters. */
export const sessionSecretSchema = z.string().trim().min(32);

const certificatesPem = z.string().regex(/^-----BEGIN CERTIFICATE-----[\s\S]+-----END CERTIFICATE-----\s*$/);
const privateKeyPem = z
  .string()
  .regex(/^-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]+-----END [A-Z ]*PRIVATE KEY-----\s*$/);

/** https-certificate.json: the certificate the server answers HTTPS with, and its ACME account. */
export const httpsCertificateSchema = z.object({
  version: z.literal(1),
  /** The ACME account: one per directory URL (staging and production are different accounts). */
  account: z.object({ directoryUrl: z.url(), key: privateKeyPem, url: z.url().optional() }).optional(),
  certificate: z
    .object({
      domain: z.string().min(1),
      /** Which ACME server issued it: a staging certificate is replaced once production is set. */
      directoryUrl: z.url(),
      key: privateKeyPem,
      /** The leaf first, then the intermediates, as the ACME server sent them. */
      chain: certificatesPem,
      notBefore: z.iso.datetime(),
      notAfter: z.iso.datetime(),
    })
    .optional(),
});

const photoRef = z.object({ id: z.string().min(1), alt: z.string() });
const puppyBase = {
  id: z.string().min(1),
  version: z.number().int(),
  name: z.string(),
  title: z.string(),
  description: z.string(),
  photos: z.array(photoRef),
};
const puppyRecord: z.ZodType<PuppyRecord> = z.discriminatedUnion('status', [
  z.object({
    ...puppyBase,
    status: z.literal('available'),
    coat: z.string(),
    color: z.string(),
    personality: z.string(),
  }),
  z.object({ ...puppyBase, status: z.literal('sold') }),
]);

const uploadedPhoto = z.object({
  id: z.string().min(1),
  /** Upright size of the widest file. */
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  widths: z.array(z.number().int().positive()).min(1),
  /** ISO time of the upload: a photo no puppy ever used is forgotten a day later. */
  addedAt: isoTime,
});
export type UploadedPhoto = z.infer<typeof uploadedPhoto>;

export const puppiesSchema = z.object({
  version: z.literal(1),
  /** Available puppies, then sold ones, each group in page order. */
  puppies: z.array(puppyRecord),
  photos: z.array(uploadedPhoto),
});
export type PuppiesData = Omit<z.infer<typeof puppiesSchema>, 'version'>;

/** A photo's files in DATA_DIR/photos: `{id}-{width}.{avif|webp|jpg}`. */
export const photoFileNameSchema = z.string().regex(/^[A-Za-z0-9_-]+-[1-9][0-9]*\.(avif|webp|jpg)$/);

/** account: the email about a change of her sign-in details (issue 32), not about an inquiry. */
const channel = z.enum(['email', 'acknowledgement', 'webhook', 'account']);

/** What an account notice says: which sign-in detail changed, when, from which device and address. */
const accountChange = z.object({
  what: z.enum([
    'password',
    'passkey-added',
    'passkey-removed',
    'two-step-on',
    'two-step-off',
    'recovery-code',
    'cli-password',
    'cli-second-step-reset',
  ]),
  at: isoTime,
  username: z.string(),
  /** In plain words ("Chrome on iPhone"), or the server's command line. */
  device: z.string(),
  ip: z.string(),
  /** A passkey's name, as she typed it. */
  detail: z.string().optional(),
});
export type AccountChange = z.infer<typeof accountChange>;

const certificateWarning = z.object({
  domain: z.string(),
  /** When the certificate still served expires (ISO time). */
  notAfter: isoTime,
  /** Why the renewal failed, in the operator's words (acme-problems.ts). */
  problem: z.string(),
  /** The next try (ISO time), when one is planned. */
  nextAttempt: isoTime.nullable(),
});
export type CertificateWarning = z.infer<typeof certificateWarning>;

/** Where one notice of one inquiry stands. */
export const noticeRecordSchema = z.object({
  inquiryId: z.string().min(1),
  channel,
  state: z.enum(['waiting', 'sent', 'failed', 'skipped']),
  /** Tries made so far. */
  attempts: z.number().int().nonnegative(),
  /** When the inquiry arrived: retries end 3 days after. */
  queuedAt: isoTime,
  updatedAt: isoTime,
  /** The first failed try of a notice still waiting or failed. */
  failingSince: isoTime.optional(),
  nextAttemptAt: isoTime.optional(),
  /** The receiving server's last answer, already scrubbed of credentials. */
  lastAnswer: z.string().optional(),
  /** Acknowledgements only: the address, lower-cased (at most one per address per 24 hours). */
  to: z.string().optional(),
  /** Account notices only (channel account; inquiryId is then the notice's own id): what to tell. */
  change: accountChange.optional(),
  /**
   * The certificate warning only (channel account, instead of `change`; decision 122): the
   * renewal of DOMAIN's certificate fails and it expires soon. An optional member: a release
   * before it reads the record and leaves it alone.
   */
  certificate: certificateWarning.optional(),
});
export type NoticeRecord = z.infer<typeof noticeRecordSchema>;

/**
 * Inquiries stored before a channel was turned on get no notice from it: the newest inquiry at
 * that moment marks the line.
 */
const channelBaseline = z.object({ enabledAt: isoTime, afterInquiryId: z.string().nullable() });
export type ChannelBaseline = z.infer<typeof channelBaseline>;

const baselines = z.object({
  email: channelBaseline.optional(),
  acknowledgement: channelBaseline.optional(),
  webhook: channelBaseline.optional(),
});

export const outboxSchema = z.object({
  version: z.literal(2),
  baselines,
  /** Notices still to send: few, rewritten as they change. Settled ones are in their own file. */
  waiting: z.array(noticeRecordSchema),
});

/** outbox.json before version 2 kept the settled notices in it too (moved out when opened). */
export const outboxVersion1Schema = z.object({
  version: z.literal(1),
  baselines,
  waiting: z.array(noticeRecordSchema),
  settled: z.array(noticeRecordSchema),
});

/** The first line of the settled notices' file. */
export const settledNoticesHeaderSchema = z.object({
  file: z.literal('settled-notices'),
  version: z.literal(1),
});

const count = z.number().int().nonnegative();
/** [page views, visitors] per name (a source, medium or campaign as tagged; never a person). */
const namedCounts = z.record(z.string(), z.tuple([count, count]));

/** One day's counts. */
const dayCounts = z.object({
  views: count,
  visitors: count,
  /** Page views from phones (the rest are from computers and tablets). */
  phoneViews: count,
  /** Per source name (referrer host, utm_source or "Direct"). */
  sources: namedCounts,
  mediums: namedCounts,
  campaigns: namedCounts,
});
export type DayCounts = z.infer<typeof dayCounts>;

export const visitsSchema = z.object({
  version: z.literal(1),
  /** Day ("YYYY-MM-DD", in the site's time zone) → its counts. */
  days: z.record(z.string().regex(/^\d{4}-\d{2}-\d{2}$/), dayCounts),
});

/** Where an inquiry's visit came from ({} for a direct visit): only these keys, each a text. */
const visitSource: z.ZodType<VisitSource> = z.strictObject({
  referrer: z.string().optional(),
  source: z.string().optional(),
  medium: z.string().optional(),
  campaign: z.string().optional(),
});

export const inquirySourcesSchema = z.object({
  version: z.literal(1),
  /** Inquiry id → where its visit came from. */
  sources: z.record(z.string(), visitSource),
});

/** One reason an inquiry scored as spam: kept whole, put in words by the spam rules (decision 113). */
const spamReason = z.looseObject({ rule: z.string() });

/** inquiry-triage.json: the inquiries held back as likely spam, those let through, those deleted. */
export const inquiryTriageSchema = z.object({
  version: z.literal(1),
  /** Inquiry id → why it is held back from the inbox ("Likely spam"). */
  held: z.record(
    z.string(),
    z.object({ heldAt: z.string(), score: z.number(), reasons: z.array(spamReason) }),
  ),
  /** Inquiry id → when the breeder said "Not spam". */
  released: z.record(z.string(), z.string()),
  /** Inquiry id → when a held inquiry was deleted (by her, or after 30 days): hidden for good. */
  deleted: z.record(z.string(), z.string()),
});

const litterRecord: z.ZodType<LitterRecord> = z.object({
  id: z.string().min(1),
  version: z.number().int(),
  name: z.string(),
  mother: z.string(),
  father: z.string(),
  status: z.enum(STORED_LITTER_STATUSES),
  expected: z.string(),
  born: z.string(),
  description: z.string(),
  shown: z.boolean(),
  /** Issue 29, "Take applications": absent in litters stored before it (read by takesApplications). */
  applications: z.boolean().optional(),
  createdAt: isoTime,
});

/**
 * litters.json (issue 27, decision 121): the litters in her order, which litter each puppy of
 * puppies.json belongs to, and which litter each family on the waitlist waits for ("any").
 */
export const littersSchema = z.object({
  version: z.literal(1),
  litters: z.array(litterRecord),
  /** Puppy id → litter id: every puppy belongs to exactly one litter. */
  puppies: z.record(z.string(), z.string().min(1)),
  /** Inquiry id → the litter the family waits for, or "any". */
  waiting: z.record(z.string(), z.string().min(1)),
  /** Past puppies' "Happy family" photo and quote, by puppy id. */
  families: z.record(
    z.string(),
    z.object({ photo: z.object({ id: z.string().min(1), alt: z.string() }).nullable(), quote: z.string() }),
  ),
});
export type LittersData = Omit<z.infer<typeof littersSchema>, 'version'>;
