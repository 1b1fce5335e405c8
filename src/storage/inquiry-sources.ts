import type { z } from 'zod';
import type { VisitSource } from '../shared/visit-source';
import { BatchedWrites } from './batched-writes';
import { DurableJsonFile, type FileAt, openJsonFile } from './open-file';
import { inquirySourcesFile } from './registry';

type SourcesFile = z.infer<typeof inquirySourcesFile.schema>;

/**
 * inquiry-sources.json: where each inquiry's visit came from (referring site, utm tags), kept
 * apart from inquiries.json so that the spec's inquiry is stored exactly as it was, and never
 * rewritten. Inquiries from before issue 22 have no entry. This process is its only writer;
 * sources that arrive during a write join the next one, and each resolves once it is on disk.
 */
export class InquirySources {
  private readonly writes = new BatchedWrites<{ id: string; source: VisitSource }>((batch) =>
    this.save(batch),
  );

  private constructor(
    private readonly adapter: DurableJsonFile<SourcesFile>,
    /** What the file holds: the last successful write. */
    private committed: Map<string, VisitSource>,
  ) {}

  static async open(at: FileAt): Promise<InquirySources> {
    const adapter = new DurableJsonFile<SourcesFile>(at);
    const existing = (await openJsonFile(at, inquirySourcesFile))?.data ?? null;
    return new InquirySources(adapter, new Map(Object.entries(existing?.sources ?? {})));
  }

  /** Where the inquiry's visit came from, or undefined when that was not recorded. */
  get(id: string): VisitSource | undefined {
    return this.committed.get(id);
  }

  /** Resolves once the source is durably on disk. */
  record(id: string, source: VisitSource): Promise<void> {
    return this.writes.request({ id, source });
  }

  close(): Promise<void> {
    return this.writes.close();
  }

  private async save(batch: { id: string; source: VisitSource }[]): Promise<void> {
    const next = new Map(this.committed);
    for (const { id, source } of batch) next.set(id, source);
    await this.adapter.write({ version: inquirySourcesFile.version, sources: Object.fromEntries(next) });
    this.committed = next;
  }
}
