import { access, constants, mkdir } from 'node:fs/promises';
import type { z } from 'zod';
import { AccountFile } from './account-file';
import { keepFilesBeforeLitters } from './before-litters';
import { ContractPdfFiles } from './contract-pdf-files';
import { WriteGate } from './durable-write';
import { EndedSessions } from './ended-sessions';
import type { LittersData } from './file-schemas';
import { InquiryLog } from './inquiry-log';
import { InquirySources } from './inquiry-sources';
import { JsonDocument } from './json-document';
import { readJsonFile } from './open-file';
import { OutboxFile } from './outbox-file';
import { PhotoFiles } from './photo-files';
import { ProofFiles } from './proof-files';
import { type PuppiesData, PuppyFile } from './puppy-file';
import { ReadStateFile } from './read-state-file';
import type { Records } from './records';
import {
  accountFile,
  contractPdfsFolder,
  type DataEntry,
  endedSessionsFile,
  httpsCertificateFile,
  inquiriesFile,
  inquiryReadsFile,
  inquirySourcesFile,
  type JsonFileEntry,
  littersFile,
  pathOf,
  photosFolder,
  proofsFolder,
  puppiesFile,
  salesFile,
  sessionSecretFile,
  siteFile,
  usersFile,
  visitsFile,
} from './registry';
import { SalesFile } from './sales-file';
import { loadSessionSecret } from './signing-key-file';
import { SiteFile } from './site-file';
import { normalizeUsername, UserFile } from './user-file';
import { VisitCounts } from './visit-counts';

/**
 * DATA_DIR, opened: the only way the app reaches its data files (src/storage/registry.ts lists
 * them). Built once by src/server/start-services.ts and handed to the features that keep data.
 */
export interface Storage {
  /** The inquiries, read marks, sign-in and ended sessions (the features' `store` dependency). */
  readonly records: Records;
  /**
   * Set on the first start after an upgrade from a release without litters: the folder in
   * DATA_DIR where that release's puppies.json, site.json and sales.json were copied (decision 121).
   */
  readonly beforeLitters: string | null;
  /** The photos' files (DATA_DIR/photos). */
  readonly photos: PhotoFiles;
  /** The signed contracts' PDFs (DATA_DIR/contracts). */
  readonly contractPdfs: ContractPdfFiles;
  /** The families' receipts (DATA_DIR/proofs). */
  readonly proofs: ProofFiles;
  /** The session-signing secret kept in DATA_DIR (generated on a first start). */
  sessionSecret(): Promise<string>;
  /** puppies.json; with none yet, the one `seed` makes is written. */
  openPuppies(seed: () => Promise<PuppiesData>): Promise<PuppyFile>;
  /** outbox.json and settled-notices.jsonl (the notifier opens them only with notices on, and closes them). */
  openOutbox(): Promise<OutboxFile>;
  /** site.json: the page's content; with none yet, `seed`'s is published. */
  openSite(seed: Parameters<typeof SiteFile.open>[1]): Promise<SiteFile>;
  /** account.json: what the server keeps of the account (two-step sign-in). */
  openAccounts(): Promise<AccountFile>;
  /** sales.json: statuses, notes, reservations. */
  openSales(): Promise<SalesFile>;
  /** inquiry-sources.json: where each inquiry's visit came from. */
  openInquirySources(): Promise<InquirySources>;
  /** visits.json: the counts are written at most once a minute, and on close. */
  openVisits(options?: Parameters<typeof VisitCounts.open>[1]): Promise<VisitCounts>;
  /** https-certificate.json (with DOMAIN set): the certificate, its key, the ACME account. */
  openHttpsCertificate(): Promise<JsonDocument<typeof httpsCertificateFile.schema>>;
  /** What litters.json holds now, read without opening it (null before it is made). */
  readLitters(): Promise<LittersData | null>;
  /** A feature's own JSON document (an entry of the registry); with no file yet, `initial`'s is written. */
  openDocument<S extends z.ZodType>(
    entry: JsonFileEntry<S>,
    initial: () => Promise<z.output<S>>,
  ): Promise<JsonDocument<S>>;
  /**
   * Resolves once the durable writes under way have finished; from then on every new write of
   * this process to DATA_DIR waits (never fails, never lost) until the returned release is
   * called. For a copy of the whole directory at one instant (see registry.ts).
   */
  holdWrites(): Promise<() => void>;
  /** Waits for pending writes of the records, the puppies, the visits and the documents; further writes are refused. */
  close(): Promise<void>;
}

/** Opens the data directory (created if missing): refuses to start on a corrupt file, left untouched. */
export async function openStorage(dataDir: string): Promise<Storage> {
  await mkdir(dataDir, { recursive: true });
  const gate = new WriteGate();
  const at = (entry: DataEntry) => ({ file: pathOf(dataDir, entry), gate });
  // Before any file is opened or written: an earlier release's files, kept as they were.
  const beforeLitters = await keepFilesBeforeLitters(dataDir, gate);
  const inquiries = await InquiryLog.open(at(inquiriesFile));
  const reads = await ReadStateFile.open(at(inquiryReadsFile));
  const users = new UserFile(at(usersFile));
  await users.readAll(); // fail at start, not at the first sign-in, if users.json is unusable
  const endedSessions = await EndedSessions.open(at(endedSessionsFile));
  const opened: { close(): Promise<void> }[] = [inquiries, reads, endedSessions];

  const records: Records = {
    createInquiry: (input) => inquiries.create(input),
    listInquiries: async () => inquiries.list(),
    hasInquiry: (id) => inquiries.has(id),
    async forgetInquiries(ids) {
      // The inquiries last: while one is still in inquiries.json, the erasure is not finished.
      await reads.forget(ids);
      await inquiries.forget(ids);
    },
    inquiryReads: async () => reads.all(),
    async markInquiryRead(id) {
      return inquiries.has(id) ? reads.markRead(id) : null;
    },
    async findUserByUsername(username) {
      const key = normalizeUsername(username);
      return (await users.readAll()).find((user) => normalizeUsername(user.username) === key);
    },
    async findUserById(id) {
      return (await users.readAll()).find((user) => user.id === id);
    },
    async hasUsers() {
      return (await users.readAll()).length > 0;
    },
    listUsers: () => users.readAll(),
    async isHealthy() {
      try {
        await access(dataDir, constants.R_OK | constants.W_OK);
        return true;
      } catch {
        return false;
      }
    },
    endSession: (sid, validUntil) => endedSessions.end(sid, validUntil),
    isSessionEnded: (sid) => endedSessions.has(sid),
    close: async () => {
      await Promise.all([inquiries.close(), reads.close(), endedSessions.close()]);
    },
  };

  return {
    records,
    beforeLitters,
    photos: new PhotoFiles(pathOf(dataDir, photosFolder), gate),
    contractPdfs: new ContractPdfFiles(pathOf(dataDir, contractPdfsFolder), gate),
    proofs: new ProofFiles(pathOf(dataDir, proofsFolder), gate),
    sessionSecret: () => loadSessionSecret(at(sessionSecretFile)),
    async openPuppies(seed) {
      const puppies = await PuppyFile.open(at(puppiesFile), seed);
      opened.push(puppies);
      return puppies;
    },
    openOutbox: () => OutboxFile.open(dataDir, gate),
    async openSite(seed) {
      const site = await SiteFile.open(at(siteFile), seed);
      opened.push(site);
      return site;
    },
    async openAccounts() {
      const accounts = await AccountFile.open(at(accountFile));
      opened.push(accounts);
      return accounts;
    },
    async openSales() {
      const sales = await SalesFile.open(at(salesFile));
      opened.push(sales);
      return sales;
    },
    async openInquirySources() {
      const sources = await InquirySources.open(at(inquirySourcesFile));
      opened.push(sources);
      return sources;
    },
    async openVisits(options) {
      const visits = await VisitCounts.open(at(visitsFile), options);
      opened.push(visits);
      return visits;
    },
    async openHttpsCertificate() {
      const document = await JsonDocument.open(at(httpsCertificateFile), httpsCertificateFile, async () => ({
        version: 1 as const,
      }));
      opened.push(document);
      return document;
    },
    async openDocument(entry, initial) {
      const document = await JsonDocument.open(at(entry), entry, initial);
      opened.push(document);
      return document;
    },
    readLitters: async () => (await readJsonFile(pathOf(dataDir, littersFile), littersFile))?.data ?? null,
    holdWrites: () => gate.hold(),
    async close() {
      await Promise.all(opened.map((file) => file.close()));
    },
  };
}
