import { randomUUID } from 'node:crypto';
import { Low } from 'lowdb';
import type { Inquiry } from '../shared/api';
import { DurableJsonFile, StorageError } from './durable-json-file';
import type { NewInquiry } from './store';

export const INQUIRIES_FORMAT_VERSION = 1;

interface InquiriesFile {
  version: number;
  inquiries: Inquiry[];
}

interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
  id: string;
}

/**
 * inquiries.json, with this process as its only writer. Submissions that arrive while a write is
 * under way are batched into the next one, so a burst costs a few writes, not one per inquiry.
 * Each createInquiry resolves only once its inquiry is durably on disk.
 */
export class InquiryLog {
  private waiting: Waiter[] = [];
  private flushing: Promise<void> | null = null;
  private closed = false;

  private constructor(private readonly db: Low<InquiriesFile>) {}

  static async open(file: string): Promise<InquiryLog> {
    const db = new Low<InquiriesFile>(new DurableJsonFile(file), {
      version: INQUIRIES_FORMAT_VERSION,
      inquiries: [],
    });
    const existing = await db.adapter.read();
    if (existing === null) {
      await db.write();
    } else {
      if (existing.version !== INQUIRIES_FORMAT_VERSION || !Array.isArray(existing.inquiries)) {
        throw new StorageError(
          `Data file ${file} has format version ${String(existing.version)}, expected ${INQUIRIES_FORMAT_VERSION}. It was left untouched.`,
        );
      }
      db.data = existing;
    }
    return new InquiryLog(db);
  }

  get count(): number {
    return this.db.data.inquiries.length;
  }

  create(input: NewInquiry): Promise<Inquiry> {
    if (this.closed) return Promise.reject(new StorageError('The store is closed'));
    const inquiry: Inquiry = { id: randomUUID(), ...input, createdAt: new Date().toISOString() };
    this.db.data.inquiries.push(inquiry);
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ resolve, reject, id: inquiry.id });
      this.flushing ??= this.flush();
    }).then(() => inquiry);
  }

  /** Newest first. Stored oldest first, so appends stay cheap. */
  list(): Inquiry[] {
    return this.db.data.inquiries.slice().reverse();
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.flushing;
  }

  private async flush(): Promise<void> {
    // Let the submissions that arrive in this turn of the event loop join the batch.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.waiting.length > 0) {
      const batch = this.waiting;
      this.waiting = [];
      try {
        await this.db.write();
        for (const waiter of batch) waiter.resolve();
      } catch (error) {
        // Unacknowledged inquiries leave memory too, so the file and the list never disagree.
        const failed = new Set(batch.map((waiter) => waiter.id));
        this.db.data.inquiries = this.db.data.inquiries.filter((inquiry) => !failed.has(inquiry.id));
        for (const waiter of batch) waiter.reject(error);
      }
    }
    this.flushing = null;
  }
}
