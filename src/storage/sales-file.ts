import { Low } from 'lowdb';
import type { NextLitter } from '../features/sales/next-litter';
import type { Deposit, InquiryNote, InquiryStatus } from '../shared/sales';
import { OneChangeAtATime } from './one-change-at-a-time';
import { DurableJsonFile, type FileAt, openJsonFile } from './open-file';
import { salesFile } from './registry';

/**
 * Version 2 only adds the application statuses (issue 29, decision 131): a file is written as
 * version 1 until it holds one of them, so an earlier release reads it as before; from then on it
 * is version 2, which an earlier release refuses rather than misreads (decision 120).
 */
const SALES_FORMAT_VERSION = salesFile.version;
const STATUSES_OF_VERSION_2: ReadonlySet<string> = new Set(['applied', 'approved', 'declined']);

const formatFor = (data: SalesData, current: number): number =>
  current >= SALES_FORMAT_VERSION ||
  Object.values(data.inquiries).some((record) => record.status && STATUSES_OF_VERSION_2.has(record.status))
    ? SALES_FORMAT_VERSION
    : current;

/** What the breeder keeps about one inquiry; the inquiry itself is never rewritten. */
export interface InquirySaleRecord {
  /** Absent until she chooses one: the inquiry is then "New" (or "On waitlist"). */
  status?: InquiryStatus;
  /** Oldest first (appended). */
  notes?: InquiryNote[];
  /** When the family joined the waitlist (ISO 8601). */
  waitlistedAt?: string;
}

export interface ReservationRecord {
  id: string;
  puppyId: string;
  /** The puppy's name when reserved: still shown if the puppy is removed later. */
  puppyName: string;
  inquiryId: string;
  deposit: Deposit | null;
  note: string | null;
  reservedAt: string;
  /** Set when the reservation was cancelled (the puppy is available again). */
  cancelledAt?: string;
  cancelNote?: string;
  /** Set when the puppy went home with this family (sold through the litter manager). */
  wentHomeAt?: string;
}

/** The next litter as the breeder set it (src/features/sales/next-litter.ts); null until she first saves it. */
type NextLitterRecord = NextLitter;

export interface SalesData {
  inquiries: Record<string, InquirySaleRecord>;
  /** Every reservation ever made, oldest first; at most one per puppy is held at a time. */
  reservations: ReservationRecord[];
  /** The waitlist's order: inquiry ids, first come first (the breeder may move them). */
  waitlist: string[];
  nextLitter: NextLitterRecord | null;
}

interface SalesFileContent extends SalesData {
  version: number;
}

const emptySales = (): SalesData => ({
  inquiries: {},
  reservations: [],
  waitlist: [],
  nextLitter: null,
});

/**
 * sales.json: statuses, notes, reservations, the waitlist and the next litter, with this process
 * as the only writer. Changes run one at a time; each is on disk (fsync'd) before its promise
 * resolves and before anyone reading `data` sees it. A change that throws changes nothing.
 */
export class SalesFile {
  private readonly changes = new OneChangeAtATime();
  private listeners = new Set<() => void>();
  /** Counts the changes since start: what is derived from the data is kept until it moves. */
  revision = 0;

  private constructor(
    private readonly db: Low<SalesFileContent>,
    private committed: SalesData,
    /** The version the file is written with: 1 until it holds a status of version 2. */
    private format: number,
  ) {}

  /** Opens the file (none yet reads as empty; nothing is written until the first change). */
  static async open(at: FileAt): Promise<SalesFile> {
    const adapter = new DurableJsonFile<SalesFileContent>(at);
    const existing = ((await openJsonFile(at, salesFile))?.data ?? null) as SalesFileContent | null;
    const data: SalesData = { ...emptySales(), ...(existing ?? {}) };
    const format = formatFor(data, existing?.version ?? 1);
    const db = new Low<SalesFileContent>(adapter, { ...data, version: format });
    return new SalesFile(
      db,
      {
        inquiries: data.inquiries,
        reservations: data.reservations,
        waitlist: data.waitlist,
        nextLitter: data.nextLitter,
      },
      format,
    );
  }

  /** What the file holds now. Never mutate it: changes go through change(). */
  get data(): Readonly<SalesData> {
    return this.committed;
  }

  /** Called after each committed change. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Applies `apply` to the latest data and writes the result; a throw from `apply` changes nothing. */
  change<T>(apply: (data: SalesData) => [SalesData, T]): Promise<T> {
    return this.changes.run(async () => {
      const [after, result] = apply(this.committed);
      const format = formatFor(after, this.format);
      this.db.data = { version: format, ...after };
      await this.db.write();
      this.committed = after;
      this.format = format;
      this.revision += 1;
      for (const listener of this.listeners) listener();
      return result;
    });
  }

  close(): Promise<void> {
    return this.changes.close();
  }
}
