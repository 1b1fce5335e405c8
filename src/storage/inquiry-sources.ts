import type { VisitSource } from '../shared/visit-source';
import { BatchedWrites } from './batched-writes';
import { writeDurably } from './durable-write';
import { JsonArrayEncoder } from './json-array-encoder';
import { type FileAt, openJsonFile } from './open-file';
import { inquirySourcesFile } from './registry';

interface Entry {
  id: string;
  source: VisitSource;
  /** Not an entry: the inquiries whose entries are removed (deleted spam, decision 113). */
  forget?: string[];
}

const fileStart = Buffer.from(`{"version":${JSON.stringify(inquirySourcesFile.version)},"sources":{`);
const fileEnd = Buffer.from('}}\n');

/**
 * inquiry-sources.json: where each inquiry's visit came from (referring site, utm tags), kept
 * apart from inquiries.json so that the spec's inquiry is stored exactly as it was, and never
 * rewritten. Inquiries from before issue 22 have no entry. This process is its only writer;
 * sources that arrive during a write join the next one, and each resolves once it is on disk.
 * Like inquiries.json, the file's encoding is kept between writes (JsonArrayEncoder): a write
 * encodes only its batch and copies nothing the size of the file, so a burst of submissions
 * leaves no garbage the size of the file behind each write.
 */
export class InquirySources {
  private readonly writes = new BatchedWrites<Entry>((batch) => this.save(batch));
  private readonly encoder = new JsonArrayEncoder<Entry>(
    (entry) => `${JSON.stringify(entry.id)}:${JSON.stringify(entry.source)}`,
  );

  private constructor(
    private readonly at: FileAt,
    /** What the file holds: the last successful write (what get() answers from). */
    private readonly committed: Map<string, VisitSource>,
    /** The file's members in order: the committed ones, then, during a write, its batch. */
    private entries: Entry[],
  ) {}

  static async open(at: FileAt): Promise<InquirySources> {
    const existing = (await openJsonFile(at, inquirySourcesFile))?.data ?? null;
    const committed = new Map(Object.entries(existing?.sources ?? {}));
    const entries = [...committed].map(([id, source]) => ({ id, source }));
    return new InquirySources(at, committed, entries);
  }

  /** Where the inquiry's visit came from, or undefined when that was not recorded. */
  get(id: string): VisitSource | undefined {
    return this.committed.get(id);
  }

  /** Resolves once the source is durably on disk. */
  record(id: string, source: VisitSource): Promise<void> {
    return this.writes.request({ id, source });
  }

  /** Removes the entries of these inquiries (deleted spam); resolves once that is on disk. */
  forget(ids: Iterable<string>): Promise<void> {
    const gone = [...ids].filter((id) => this.committed.has(id));
    return gone.length === 0 ? Promise.resolve() : this.writes.request({ id: '', source: {}, forget: gone });
  }

  close(): Promise<void> {
    return this.writes.close();
  }

  private async save(requests: Entry[]): Promise<void> {
    const gone = new Set(requests.flatMap((entry) => entry.forget ?? []));
    const batch = requests.filter((entry) => !entry.forget);
    if (gone.size > 0) return this.rewrite(gone, batch);
    const previous = this.entries;
    const before = previous.length;
    const known = (id: string) => this.committed.has(id);
    const ids = new Set(batch.map((entry) => entry.id));
    if (ids.size === batch.length && !batch.some((entry) => known(entry.id))) {
      // The usual case, a new inquiry's source: appended in place, cut back if the write fails.
      previous.push(...batch);
    } else {
      // A source recorded again replaces the old one where it stood (as a Map's set does).
      const next = new Map(this.committed);
      for (const { id, source } of batch) next.set(id, source);
      this.entries = [...next].map(([id, source]) => ({ id, source }));
    }
    try {
      await writeDurably(this.at.gate, this.at.file, [fileStart, this.encoder.encode(this.entries), fileEnd]);
    } catch (error) {
      if (this.entries === previous) previous.length = before;
      else this.entries = previous;
      throw error;
    }
    for (const { id, source } of batch) this.committed.set(id, source);
  }

  /** The file without the entries of `gone`, with `batch` recorded: a new list, rewritten whole. */
  private async rewrite(gone: ReadonlySet<string>, batch: Entry[]): Promise<void> {
    const next = new Map([...this.committed].filter(([id]) => !gone.has(id)));
    for (const { id, source } of batch) next.set(id, source);
    const entries = [...next].map(([id, source]) => ({ id, source }));
    await writeDurably(this.at.gate, this.at.file, [fileStart, this.encoder.encode(entries), fileEnd]);
    this.entries = entries;
    for (const id of gone) this.committed.delete(id);
    for (const { id, source } of batch) this.committed.set(id, source);
  }
}
