import type { z } from 'zod';
import { BatchedWrites } from './batched-writes';
import { DurableJsonFile, type FileAt, openJsonFile } from './open-file';
import { inquiryReadsFile } from './registry';

type ReadStateData = z.infer<typeof inquiryReadsFile.schema>;

/**
 * inquiry-reads.json: which inquiries the breeder has opened, kept apart from inquiries.json so
 * that an inquiry, once stored, is never rewritten. This process is its only writer. Marks that
 * arrive while a write is under way join the next one; each resolves once it is on disk, and only
 * then does it count as read. The first time an inquiry was opened is kept: marking it again is a
 * no-op that writes nothing.
 */
export class ReadStateFile {
  /** A mark, or (with `forget`) the inquiries whose marks are removed (deleted spam). */
  private readonly writes = new BatchedWrites<{ id: string; at: string; forget?: string[] }>((batch) =>
    this.save(batch),
  );

  private constructor(
    private readonly file: DurableJsonFile<ReadStateData>,
    /** What the file holds: the last successful write. */
    private committed: Map<string, string>,
  ) {}

  static async open(at: FileAt): Promise<ReadStateFile> {
    const existing = (await openJsonFile(at, inquiryReadsFile))?.data ?? null;
    // Nothing is written until the first mark: a fresh install has no file, which reads as "none read".
    const reads = new Map(Object.entries(existing?.reads ?? {}));
    return new ReadStateFile(new DurableJsonFile(at), reads);
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
    const time = at.toISOString();
    return this.writes.request({ id, at: time }).then(() => this.committed.get(id) ?? time);
  }

  /** Removes the marks of these inquiries (deleted spam, decision 113); resolves once on disk. */
  forget(ids: Iterable<string>): Promise<void> {
    const gone = [...ids].filter((id) => this.committed.has(id));
    return gone.length === 0 ? Promise.resolve() : this.writes.request({ id: '', at: '', forget: gone });
  }

  close(): Promise<void> {
    return this.writes.close();
  }

  private async save(batch: { id: string; at: string; forget?: string[] }[]): Promise<void> {
    const next = new Map(this.committed);
    for (const { id, at, forget } of batch)
      if (forget) for (const gone of forget) next.delete(gone);
      else if (!next.has(id)) next.set(id, at);
    await this.file.write({ version: inquiryReadsFile.version, reads: Object.fromEntries(next) });
    this.committed = next;
  }
}
