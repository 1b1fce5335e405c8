import type { VisitSource } from '../shared/visit-source';
import { BatchedWrites } from './batched-writes';
import { DurableJsonFile, StorageError } from './durable-json-file';

const SOURCES_FORMAT_VERSION = 1;
const SOURCE_KEYS = ['referrer', 'source', 'medium', 'campaign'] as const;

interface SourcesFile {
  version: number;
  /** Inquiry id → where its visit came from ({} for a direct visit). */
  sources: Record<string, VisitSource>;
}

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

  static async open(file: string): Promise<InquirySources> {
    const adapter = new DurableJsonFile<SourcesFile>(file);
    const existing = await adapter.read();
    if (existing !== null && !isCurrentFormat(existing)) {
      throw new StorageError(
        `Data file ${file} is not an inquiry-sources file of format version ${SOURCES_FORMAT_VERSION}. It was left untouched: restore it from a backup or move it aside.`,
      );
    }
    await adapter.removeStaleTempFiles();
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
    await this.adapter.write({ version: SOURCES_FORMAT_VERSION, sources: Object.fromEntries(next) });
    this.committed = next;
  }
}

function isSource(value: unknown): value is VisitSource {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.entries(value).every(
    ([key, text]) => (SOURCE_KEYS as readonly string[]).includes(key) && typeof text === 'string',
  );
}

function isCurrentFormat(data: unknown): data is SourcesFile {
  const file = data as Partial<SourcesFile> | null;
  if (typeof file !== 'object' || file === null || file.version !== SOURCES_FORMAT_VERSION) return false;
  const sources = file.sources;
  if (typeof sources !== 'object' || sources === null || Array.isArray(sources)) return false;
  return Object.values(sources).every(isSource);
}
