import { Low } from 'lowdb';
import { BatchedWrites } from './batched-writes';
import { DurableJsonFile, StorageError } from './durable-json-file';

export const READ_STATE_FORMAT_VERSION = 1;

interface ReadStateData {
  version: number;
  /** Inquiry id → when it was first opened (ISO 8601, UTC). */
  reads: Record<string, string>;
}

/**
 * inquiry-reads.json: which inquiries the breeder has opened, kept apart from inquiries.json so
 * that an inquiry, once stored, is never rewritten. This process is its only writer. Marks that
 * arrive while a write is under way join the next one; each resolves once it is on disk, and only
 * then does it count as read. The first time an inquiry was opened is kept: marking it again is a
 * no-op that writes nothing.
 */
export class ReadStateFile {
  private readonly writes = new BatchedWrites<{ id: string; at: string }>((batch) => this.save(batch));

  private constructor(
    private readonly db: Low<ReadStateData>,
    /** What the file holds: the last successful write. */
    private committed: Map<string, string>,
  ) {}

  static async open(file: string): Promise<ReadStateFile> {
    const adapter = new DurableJsonFile<ReadStateData>(file);
    const db = new Low<ReadStateData>(adapter, { version: READ_STATE_FORMAT_VERSION, reads: {} });
    const existing = await adapter.read();
    if (existing !== null && !isCurrentFormat(existing)) {
      throw new StorageError(
        `Data file ${file} has format version ${String((existing as Partial<ReadStateData>)?.version)}, expected ${READ_STATE_FORMAT_VERSION} with a "reads" object. It was left untouched.`,
      );
    }
    await adapter.removeStaleTempFiles();
    // Nothing is written until the first mark: a fresh install has no file, which reads as "none read".
    const reads = new Map(Object.entries(existing?.reads ?? {}));
    return new ReadStateFile(db, reads);
  }

  /** When the inquiry was first opened, or null if never. */
  readAt(id: string): string | null {
    return this.committed.get(id) ?? null;
  }

  /** Every read mark, for listing many inquiries at once (read-only view). */
  all(): ReadonlyMap<string, string> {
    return this.committed;
  }

  /** Marks the inquiry read at `at` unless it already was; resolves with its (first) read time. */
  markRead(id: string, at: Date = new Date()): Promise<string> {
    const existing = this.committed.get(id);
    if (existing !== undefined) return Promise.resolve(existing);
    // The first time wins, also within a batch: resolve with what was kept.
    return this.writes.request({ id, at: at.toISOString() }).then(() => this.committed.get(id) as string);
  }

  close(): Promise<void> {
    return this.writes.close();
  }

  private async save(batch: { id: string; at: string }[]): Promise<void> {
    const next = new Map(this.committed);
    for (const { id, at } of batch) if (!next.has(id)) next.set(id, at);
    this.db.data = { version: READ_STATE_FORMAT_VERSION, reads: Object.fromEntries(next) };
    await this.db.write();
    this.committed = next;
  }
}

function isCurrentFormat(data: unknown): data is ReadStateData {
  const file = data as Partial<ReadStateData> | null;
  if (typeof file !== 'object' || file === null || file.version !== READ_STATE_FORMAT_VERSION) return false;
  const reads = file.reads;
  return (
    typeof reads === 'object' &&
    reads !== null &&
    !Array.isArray(reads) &&
    Object.values(reads).every((value) => typeof value === 'string')
  );
}
