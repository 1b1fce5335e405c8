import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Inquiry } from '../shared/api';
import { BatchedWrites } from './batched-writes';
import { JsonArrayEncoder } from './json-array-encoder';
import { DurableJsonFile, type FileAt, openJsonFile } from './open-file';
import type { NewInquiry } from './records';
import { inquiriesFile } from './registry';

type InquiriesFile = z.infer<typeof inquiriesFile.schema>;

/**
 * inquiries.json, with this process as its only writer. Submissions that arrive while a write is
 * under way are batched into the next one, so a burst costs a few writes, not one per inquiry.
 * Each create resolves only once its inquiry is durably on disk, and only then is it listed.
 */
/** A write's request: an inquiry to append, or inquiries to remove for good (deleted spam). */
type LogRequest = { add: Inquiry } | { forget: ReadonlySet<string> };

export class InquiryLog {
  private readonly writes = new BatchedWrites<LogRequest>((batch) => this.write(batch));
  /** The ids of the committed inquiries, for has(). */
  private readonly ids: Set<string>;

  /** How many of `all` the file holds (the last successful write): only those are listed. */
  private committed: number;

  private constructor(
    private readonly file: DurableJsonFile<InquiriesFile>,
    /**
     * The file's inquiries, oldest first; during a write, followed by its batch. Appended in
     * place and cut back if the write fails: copying the whole list for every write made garbage
     * the size of the list (tens of KB at 10,000) for each batch of a burst.
     */
    private all: Inquiry[],
  ) {
    this.committed = all.length;
    this.ids = new Set(all.map((inquiry) => inquiry.id));
  }

  static async open(at: FileAt): Promise<InquiryLog> {
    const serialize = inquiriesFileSerializer();
    const file = new DurableJsonFile<InquiriesFile>(at, { serialize });
    const existing = (await openJsonFile(at, inquiriesFile))?.data ?? null;
    const data = existing ?? { version: inquiriesFile.version, inquiries: [] };
    if (existing === null) await file.write(data);
    else serialize(existing); // encode what is stored now rather than during the first submission
    return new InquiryLog(file, data.inquiries);
  }

  create(input: NewInquiry): Promise<Inquiry> {
    const inquiry: Inquiry = { id: randomUUID(), ...input, createdAt: new Date().toISOString() };
    return this.writes.request({ add: inquiry }).then(() => inquiry);
  }

  /**
   * Removes these inquiries from the file for good (deleted likely spam, decision 113): the file
   * is rewritten whole without them, every other inquiry as it was, in the same order. Resolves
   * once that is on disk; a failed write changes nothing. Serialised with the appends.
   */
  forget(ids: Iterable<string>): Promise<void> {
    const gone = new Set([...ids].filter((id) => this.ids.has(id)));
    return gone.size === 0 ? Promise.resolve() : this.writes.request({ forget: gone });
  }

  /** Newest first. Stored oldest first, so appends stay cheap. */
  list(): Inquiry[] {
    return this.all.slice(0, this.committed).reverse();
  }

  /** Is an inquiry with this id stored (on disk)? */
  has(id: string): boolean {
    return this.ids.has(id);
  }

  close(): Promise<void> {
    return this.writes.close();
  }

  private async write(requests: LogRequest[]): Promise<void> {
    const batch = requests.flatMap((request) => ('add' in request ? [request.add] : []));
    const gone = new Set(requests.flatMap((request) => ('forget' in request ? [...request.forget] : [])));
    if (gone.size === 0) return this.append(batch);
    // The rare rewrite: a new list (the encoder re-encodes from the first removed inquiry on).
    const kept = this.all.slice(0, this.committed).filter((inquiry) => !gone.has(inquiry.id));
    kept.push(...batch);
    await this.file.write({ version: inquiriesFile.version, inquiries: kept });
    this.all = kept;
    this.committed = kept.length;
    for (const id of gone) this.ids.delete(id);
    for (const inquiry of batch) this.ids.add(inquiry.id);
  }

  /** Writes the file with `batch` appended; only once that is on disk are they listed. */
  private async append(batch: Inquiry[]): Promise<void> {
    if (batch.length === 0) return;
    this.all.push(...batch);
    try {
      await this.file.write({ version: inquiriesFile.version, inquiries: this.all });
    } catch (error) {
      this.all.length = this.committed;
      throw error;
    }
    this.committed = this.all.length;
    for (const inquiry of batch) this.ids.add(inquiry.id);
  }
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
