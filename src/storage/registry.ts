import path from 'node:path';
import type { z } from 'zod';
import { accountSchema } from './account-schema';
import { applicationsSchema } from './applications-schema';
import { contractPdfNameSchema, contractsSchema } from './contracts-schema';
import { familySchema, proofFileNameSchema } from './family-schema';
import {
  endedSessionsSchema,
  httpsCertificateSchema,
  inquiriesSchema,
  inquiryReadsSchema,
  inquirySourcesSchema,
  inquiryTriageSchema,
  littersSchema,
  noticeRecordSchema,
  outboxSchema,
  photoFileNameSchema,
  puppiesSchema,
  sessionSecretSchema,
  usersSchema,
  visitsSchema,
} from './file-schemas';
import { picksSchema } from './picks-schema';
import { salesSchema } from './sales-schema';
import { siteSchema } from './site-schema';

/**
 * Every file and folder in DATA_DIR, in one list. Nothing else in the app knows a file name in
 * DATA_DIR: src/storage opens each entry below, with the one open routine (open-file.ts: stale
 * temp files removed, format version checked, the schema checked, a file that fails refused and
 * left untouched) and writes it with the one durable write (durable-write.ts: temp file, fsync,
 * rename, fsync of the directory).
 *
 * **Adding a file** (a new feature): add one entry here, put it in `dataEntries`, and open it
 * through the storage object (`storage.openDocument(entry, initial)` for a JSON document with
 * one writer); README's list of data files and decision 070 name it too.
 *
 * **Taking a consistent copy** (a backup): `dataEntries` is the whole directory. Call
 * `storage.holdWrites()`: it resolves once the durable writes under way have finished, and from
 * then every new write (of any entry, photos included) waits — it is never refused nor lost —
 * until the returned release function is called. Read the files in between, then release.
 * `users.json` is written by the create-admin command, another process, which holds no gate:
 * its write is one atomic rename, so a copy has the old file or the new one, whole.
 *
 * **Changing a format** (the upgrade rule, decision 120): bump the entry's `version`, change its
 * schema to the new format, and add one step to its list in `upgrade-steps.ts` (reads the old
 * version, gives the new one; pure, it writes nothing). An entry at version n has n − 1 steps
 * (upgrade.test.ts checks it). At start, before any file is opened, `upgradeDataDir`
 * (upgrade.ts) runs every older file through its steps in memory, writes a backup archive of the
 * directory as it was to BACKUP_DIR, then stages the new files and renames them in, all or
 * nothing; a file newer than this release refuses the start, naming both versions. Then add a
 * data directory written by the release before the bump to test/fixtures/releases/ (README
 * there): test/process/upgrade-fixtures.test.ts opens each in the current release.
 */

interface EntryBase {
  /** The name in DATA_DIR. */
  name: string;
  /** What it holds, for people (README, error messages). */
  holds: string;
  /** Its format version (a changed format bumps it; an older one is upgraded or refused). */
  version: number;
  /**
   * Older versions this release reads as they are, with no upgrade step and no rewrite: the
   * newer format only adds values (decision 131: sales.json 2 adds the application statuses).
   * Such a file keeps its version until a write needs the newer one; an older release then
   * refuses it (decision 120).
   */
  readsAsIs?: readonly number[];
  /** The one process that writes it. */
  writer: 'server' | 'create-admin command';
  /** Whether every started site has it; otherwise when it appears. */
  presence: 'always' | string;
  /** How it is opened and written (the module that owns it). */
  opened: string;
  /**
   * Never copied into a backup archive, and dropped from an older archive by a restore: a
   * secret from which a valid session could be made (decision 078). The restored site makes a
   * new one, so every session ends.
   */
  neverBackedUp?: true;
}

/** A JSON document, `{ "version": n, … }`, rewritten whole by each durable write. */
export interface JsonFileEntry<S extends z.ZodType = z.ZodType> extends EntryBase {
  kind: 'json';
  schema: S;
}

/** A text file of JSON lines: a header line, then one record per line, only ever appended. */
export interface LinesFileEntry<S extends z.ZodType = z.ZodType> extends EntryBase {
  kind: 'lines';
  /** One line's record. */
  schema: S;
}

/** A text file whose whole content is one value. */
interface TextFileEntry extends EntryBase {
  kind: 'text';
  schema: z.ZodType<string>;
}

/** A folder of files, each written once under a name never reused. */
interface FolderEntry extends EntryBase {
  kind: 'folder';
  /** A file name in it. */
  schema: z.ZodType<string>;
}

export type DataEntry = JsonFileEntry | LinesFileEntry | TextFileEntry | FolderEntry;

export const inquiriesFile = {
  kind: 'json',
  name: 'inquiries.json',
  holds: 'every inquiry, oldest first',
  version: 1,
  schema: inquiriesSchema,
  writer: 'server',
  presence: 'always',
  opened:
    'InquiryLog (inquiry-log.ts): appended in batches, each inquiry on disk before its 201; rewritten only to erase deleted spam (decision 113)',
} as const satisfies JsonFileEntry;

export const inquiryReadsFile = {
  kind: 'json',
  name: 'inquiry-reads.json',
  holds: 'which inquiries the breeder has opened, and when',
  version: 1,
  schema: inquiryReadsSchema,
  writer: 'server',
  presence: 'after the first inquiry is opened',
  opened: 'ReadStateFile (read-state-file.ts): batched writes',
} as const satisfies JsonFileEntry;

export const inquirySourcesFile = {
  kind: 'json',
  name: 'inquiry-sources.json',
  holds: "where each inquiry's visit came from (referring site, utm tags)",
  version: 1,
  schema: inquirySourcesSchema,
  writer: 'server',
  // Every inquiry has an entry: a direct visit is `{}` ("Direct"), no entry means not recorded
  // (an inquiry from before issue 22), so the two are told apart (decision 111).
  presence: 'after the first inquiry',
  opened: 'InquirySources (inquiry-sources.ts): batched writes',
} as const satisfies JsonFileEntry;

export const inquiryTriageFile = {
  kind: 'json',
  name: 'inquiry-triage.json',
  holds: 'the inquiries held back as likely spam and why, those let through ("Not spam"), those deleted',
  version: 1,
  schema: inquiryTriageSchema,
  writer: 'server',
  presence: 'always (empty on a first start)',
  opened: 'InquiryTriage (src/features/inquiries/triage.server.ts) through storage.openDocument',
} as const satisfies JsonFileEntry;

export const usersFile = {
  kind: 'json',
  name: 'users.json',
  holds: 'the admin sign-in (email, bcrypt hash)',
  version: 1,
  schema: usersSchema,
  writer: 'create-admin command',
  presence: 'after npm run create-admin',
  opened: 'UserFile (user-file.ts): the server re-reads it on each lookup and never writes it',
} as const satisfies JsonFileEntry;

export const siteFile = {
  kind: 'json',
  name: 'site.json',
  holds: "the page's content: published, the draft, the last 20 published versions",
  version: 1,
  schema: siteSchema,
  writer: 'server',
  presence: 'always (seeded on a first start)',
  opened: 'SiteFile (site-file.ts) over a JsonDocument (json-document.ts): one change at a time',
} as const satisfies JsonFileEntry;

export const accountFile = {
  kind: 'json',
  name: 'account.json',
  holds:
    'what the server keeps of each account: the authenticator app, recovery codes (hashed), a password changed on the account page, its sessions, the browsers it signed in with (hashed), its passkeys',
  version: 1,
  schema: accountSchema,
  writer: 'server',
  presence: 'after the first sign-in',
  opened:
    'AccountFile (account-file.ts) over a JsonDocument (json-document.ts): one change at a time, the file written with the first',
} as const satisfies JsonFileEntry;

export const salesFile = {
  kind: 'json',
  name: 'sales.json',
  holds: "each inquiry's status and notes, reservations, the waitlist, the next litter",
  // 2: the statuses "Applied", "Approved", "Declined" (issue 29); a version 1 file reads as it is.
  version: 2,
  readsAsIs: [1],
  schema: salesSchema,
  writer: 'server',
  presence: 'after the first sales change',
  opened:
    'SalesFile (sales-file.ts) over a JsonDocument (json-document.ts): one change at a time, the file written with the first',
} as const satisfies JsonFileEntry;

export const endedSessionsFile = {
  kind: 'json',
  name: 'ended-sessions.json',
  holds: 'signed-out sessions, kept until they would have expired',
  version: 1,
  schema: endedSessionsSchema,
  writer: 'server',
  presence: 'after the first sign-out',
  opened: 'EndedSessions (ended-sessions.ts): batched writes',
} as const satisfies JsonFileEntry;

export const sessionSecretFile = {
  kind: 'text',
  name: 'session-secret',
  holds:
    'the key that signs session cookies, combined with SESSION_SECRET when set (mode 600; never in a backup)',
  version: 1,
  schema: sessionSecretSchema,
  writer: 'server',
  presence: 'always (made on a first start, and again after a restore)',
  opened: 'loadSessionSecret (signing-key-file.ts): generated once, written durably',
  neverBackedUp: true,
} as const satisfies TextFileEntry;

export const httpsCertificateFile = {
  kind: 'json',
  name: 'https-certificate.json',
  holds:
    "the HTTPS certificate for DOMAIN and its private key, and the ACME account's key (mode 600; never in a backup)",
  version: 1,
  schema: httpsCertificateSchema,
  writer: 'server',
  presence: 'with DOMAIN set (HTTPS by itself)',
  opened: 'JsonDocument (json-document.ts) through openHttpsCertificate: one change at a time',
  // A private key in an archive would let whoever reads it pass for the site; a restored site gets
  // a new certificate in a minute (decision 122).
  neverBackedUp: true,
} as const satisfies JsonFileEntry;

export const puppiesFile = {
  kind: 'json',
  name: 'puppies.json',
  holds: 'the available and sold puppies and the photos they use',
  version: 1,
  schema: puppiesSchema,
  writer: 'server',
  presence: 'always (seeded on a first start)',
  opened: 'PuppyFile (puppy-file.ts): one change at a time, each on disk before it is seen',
} as const satisfies JsonFileEntry;

export const outboxFile = {
  kind: 'json',
  name: 'outbox.json',
  holds: "each channel's baseline and the notices still to send",
  version: 2,
  schema: outboxSchema,
  writer: 'server',
  presence: 'with notices on',
  opened: 'OutboxFile (outbox-file.ts): a second of changes gathered per write',
} as const satisfies JsonFileEntry;

export const settledNoticesFile = {
  kind: 'lines',
  name: 'settled-notices.jsonl',
  holds: 'notices sent, failed or skipped in the last 30 days, one a line',
  version: 1,
  schema: noticeRecordSchema,
  writer: 'server',
  presence: 'with notices on',
  opened: 'SettledNotices (settled-notices.ts): appended; older than 30 days pruned at start and then daily',
} as const satisfies LinesFileEntry;

export const visitsFile = {
  kind: 'json',
  name: 'visits.json',
  holds: 'page views and visitors per day, by source, medium and campaign (two years)',
  version: 1,
  schema: visitsSchema,
  writer: 'server',
  presence: 'after the first counted visit',
  opened: 'VisitCounts (visit-counts.ts): counted in memory, written at most once a minute and on close',
} as const satisfies JsonFileEntry;

export const familyFile = {
  kind: 'json',
  name: 'family.json',
  holds:
    "each family's page: its links (hashed), payments beyond the deposit, prices, go-home days, her payment instructions and checklist, the emails to families",
  version: 1,
  schema: familySchema,
  writer: 'server',
  presence: 'always (written on a first start)',
  opened: 'JsonDocument (json-document.ts) through storage.openDocument: one change at a time',
} as const satisfies JsonFileEntry;

export const proofsFolder = {
  kind: 'folder',
  name: 'proofs',
  holds: 'the receipts families attach to their page (a photo or a PDF each; family.json names them)',
  version: 1,
  schema: proofFileNameSchema,
  writer: 'server',
  presence: 'after the first proof of payment',
  opened:
    'ProofFiles (proof-files.ts): each file written once and fsync’d with its folder before a record names it',
} as const satisfies FolderEntry;

export const photosFolder = {
  kind: 'folder',
  name: 'photos',
  holds: "the breeder's photos, every width and format (puppies.json names them)",
  version: 1,
  schema: photoFileNameSchema,
  writer: 'server',
  presence: 'always (seeded on a first start)',
  opened: 'PhotoFiles (photo-files.ts): each file written once and fsync’d before a record names it',
} as const satisfies FolderEntry;

export const contractsFile = {
  kind: 'json',
  name: 'contracts.json',
  holds: 'the agreement template (saved, draft, history) and every contract sent, with its signatures',
  version: 1,
  schema: contractsSchema,
  writer: 'server',
  presence: 'always (seeded on a first start)',
  opened:
    'ContractService (features/contracts/contract-service.server.ts) through storage.openDocument: one change at a time',
} as const satisfies JsonFileEntry;

export const contractPdfsFolder = {
  kind: 'folder',
  name: 'contracts',
  holds: 'the signed agreements as PDF files, one per contract signed by both (contracts.json names them)',
  version: 1,
  schema: contractPdfNameSchema,
  writer: 'server',
  presence: 'after the first contract signed by both',
  opened:
    'ContractPdfFiles (contract-pdf-files.ts): each file written once and fsync’d before contracts.json names it',
} as const satisfies FolderEntry;

export const littersFile = {
  kind: 'json',
  name: 'litters.json',
  holds:
    "the litters (planned, born, past), which litter each puppy belongs to, which litter each waiting family waits for, the past puppies' family photos",
  version: 1,
  schema: littersSchema,
  writer: 'server',
  presence:
    "always (made on a first start; from an earlier release's puppies, birth date and next litter on its first start after the upgrade)",
  opened: 'LitterFile (litter-file.ts): one change at a time, each on disk before it is seen',
} as const satisfies JsonFileEntry;

export const picksFile = {
  kind: 'json',
  name: 'picks.json',
  holds: "pick day: each litter's rounds of picks, the families in order and each turn's state and window",
  // 2: a turn's `place` (a family that passed moves to the next litter); a version 1 file reads as it is.
  version: 2,
  readsAsIs: [1],
  schema: picksSchema,
  writer: 'server',
  presence: 'always (made empty on the first start of a release with pick day)',
  opened:
    'the picks feature (src/features/picks/picks-service.server.ts): a JsonDocument, each change on disk before it is seen',
} as const satisfies JsonFileEntry;

export const applicationsFile = {
  kind: 'json',
  name: 'applications.json',
  holds:
    "the questions of her application, and each family's application (the questions as they were asked, the answers, her decision)",
  version: 1,
  schema: applicationsSchema,
  writer: 'server',
  presence: 'always (written on a first start with the standard questions)',
  opened: 'JsonDocument (json-document.ts) through storage.openDocument: one change at a time',
} as const satisfies JsonFileEntry;

/** Everything in DATA_DIR: what a restore checks; a backup copies `backedUpEntries`. */
export const dataEntries: readonly DataEntry[] = [
  inquiriesFile,
  inquiryReadsFile,
  inquirySourcesFile,
  inquiryTriageFile,
  usersFile,
  accountFile,
  endedSessionsFile,
  sessionSecretFile,
  httpsCertificateFile,
  puppiesFile,
  littersFile,
  picksFile,
  siteFile,
  salesFile,
  outboxFile,
  settledNoticesFile,
  visitsFile,
  familyFile,
  proofsFolder,
  photosFolder,
  contractsFile,
  contractPdfsFolder,
  applicationsFile,
];

/** What a backup archive holds: every entry but the secrets a session could be made from. */
export const backedUpEntries: readonly DataEntry[] = dataEntries.filter((entry) => !entry.neverBackedUp);

/**
 * What else may be in DATA_DIR while a site runs: not data, never backed up (nor restored).
 * Temp files of a durable write are `.{name}.{pid}.{random}.tmp`, removed by the next open.
 */
export const CONTROL_SOCKET_NAME = 'server.sock';

/** Where an upgrade stages the new files before it renames them in (upgrade.ts). */
export const UPGRADE_STAGE_NAME = '.upgrade';

export const transientEntries: readonly { name: string; holds: string }[] = [
  {
    name: CONTROL_SOCKET_NAME,
    holds: "the running server's control socket (backups, one server per DATA_DIR)",
  },
  {
    name: 'before-litters-{time}',
    holds:
      'puppies.json, site.json and sales.json as an earlier release left them, copied once before litters.json was first made from them (delete it once the site looks right)',
  },
  { name: '.snapshots', holds: 'the copy a backup is streamed from, removed once it is written' },
  {
    name: UPGRADE_STAGE_NAME,
    holds: 'only during a format upgrade at start: the new files, renamed in once all are written',
  },
  {
    name: '.restoring-{time}, .before-restore-{time}',
    holds:
      'only when DATA_DIR is a mount point (the container volume): a restore being checked, and the data it replaced (delete it once the site looks right)',
  },
];

/** Where an entry is in a data directory. */
export const pathOf = (dataDir: string, entry: DataEntry) => path.join(dataDir, entry.name);
