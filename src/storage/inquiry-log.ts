import { randomUUID } from 'node:crypto';
import { Low } from 'lowdb';
import type { Inquiry } from '../shared/api';
import { DurableJsonFile, StorageError } from './durable-json-file';
import { JsonArrayEncoder } from './json-array-encoder';
import type { NewInquiry } from './store';

const INQUIRIES_FORMAT_VERSION = 1;

interface InquiriesFile {
  version: number;
  inquiries: Inquiry[];
}

interface Pending {
  inquiry: Inquiry;
  resolve: (inquiry: Inquiry) => void;
  reject: (error: unknown) => void;
}

/**
 * inquiries.json, with this process as its only writer. Submissions that arrive while a write is
 * under way are batched into the next one, so a burst costs a few writes, not one per inquiry.
 * Each create resolves only once its inquiry is durably on disk, and only then is it listed.
 */
export class InquiryLog {
  private pending: Pending[] = [];
  private flushing: Promise<void> | null = null;
  private closed = false;

  private constructor(
    private readonly db: Low<InquiriesFile>,
    /** What the file holds: the last successful write. */
    private committed: Inquiry[],
  ) {}

  static async open(file: string): Promise<InquiryLog> {
    const serialize = inquiriesFileSerializer();
    const adapter = new DurableJsonFile<InquiriesFile>(file, { serialize });
    const db = new Low<InquiriesFile>(adapter, { version: INQUIRIES_FORMAT_VERSION, inquiries: [] });
    const existing = await adapter.read();
    if (existing !== null && !isCurrentFormat(existing)) {
      throw new StorageError(
        `Data file ${file} has format version ${String((existing as Partial<InquiriesFile>)?.version)}, expected ${INQUIRIES_FORMAT_VERSION} with an "inquiries" list. It was left untouched.`,
      );
    }
    await adapter.removeStaleTempFiles();
    if (existing === null) await db.write();
    else {
      db.data = existing;
      serialize(existing); // encode what is stored now rather than during the first submission
    }
    return new InquiryLog(db, db.data.inquiries);
  }

  create(input: NewInquiry): Promise<Inquiry> {
    if (this.closed) return Promise.reject(new StorageError('The store is closed'));
    const inquiry: Inquiry = { id: randomUUID(), ...input, createdAt: new Date().toISOString() };
    return new Promise<Inquiry>((resolve, reject) => {
      this.pending.push({ inquiry, resolve, reject });
      this.flushing ??= this.flush();
    });
  }

  /** Newest first. Stored oldest first, so appends stay cheap. */
  list(): Inquiry[] {
    return this.committed.slice().reverse();
  }

  /** Is an inquiry with this id stored (on disk)? */
  has(id: string): boolean {
    return this.committed.some((inquiry) => inquiry.id === id);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.flushing;
  }

  private async flush(): Promise<void> {
    // Let the submissions that arrive in this turn of the event loop join the batch.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.pending.length > 0) {
      const batch = this.pending;
      this.pending = [];
      const next = this.committed.concat(batch.map((entry) => entry.inquiry));
      this.db.data = { version: INQUIRIES_FORMAT_VERSION, inquiries: next };
      try {
        await this.db.write();
        this.committed = next;
        for (const entry of batch) entry.resolve(entry.inquiry);
      } catch (error) {
        // The next write starts again from what the file holds, without this failed batch.
        this.db.data = { version: INQUIRIES_FORMAT_VERSION, inquiries: this.committed };
        for (const entry of batch) entry.reject(error);
      }
    }
    this.flushing = null;
  }
}

function isCurrentFormat(data: unknown): data is InquiriesFile {
  const file = data as Partial<InquiriesFile> | null;
  return (
    typeof file === 'object' &&
    file !== null &&
    file.version === INQUIRIES_FORMAT_VERSION &&
    Array.isArray(file.inquiries)
  );
}

const fileEnd = Buffer.from(']}\n');

/**
 * The file's bytes, exactly JSON.stringify(file) + "\n", with the inquiries' encoding kept between
 * writes: with thousands stored, a write encodes only the new batch (see JsonArrayEncoder).
 */
function inquiriesFileSerializer(): (file: InquiriesFile) => Uint8Array[] {
  const encoder = new JsonArrayEncoder<Inquiry>();
  return (file) => [
    Buffer.from(`{"version":${JSON.stringify(file.version)},"inquiries":[`),
    encoder.encode(file.inquiries),
    fileEnd,
  ];
}
