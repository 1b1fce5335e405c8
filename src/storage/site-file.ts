import { Low } from 'lowdb';
import { type SiteContent, siteContentSchema } from '../features/site/site-content';
import { StorageError } from './durable-write';
import { OneChangeAtATime } from './one-change-at-a-time';
import { DurableJsonFile, type FileAt, openJsonFile } from './open-file';
import { siteFile } from './registry';

const SITE_FORMAT_VERSION = siteFile.version;

/** One published version of the content: what it was, when and by whom. */
export interface PublishedVersion {
  /** 1 for a fresh install's, then one more for each publish. */
  revision: number;
  content: SiteContent;
  publishedAt: string;
  /** The admin's username; "" for a fresh install's seed. */
  by: string;
}

/** The breeder's unpublished changes, and the published revision they started from. */
interface Draft {
  content: SiteContent;
  basedOn: number;
  savedAt: string;
}

export interface SiteData {
  published: PublishedVersion;
  draft: Draft | null;
  /** The last MAX_HISTORY published versions, newest (the live one) first. */
  history: PublishedVersion[];
}

interface SiteFileContent extends SiteData {
  version: number;
}

/**
 * site.json: the public page's content, published and draft, with its history, and this process
 * as the only writer. Changes run one at a time; each is on disk (fsync'd) before its promise
 * resolves and before anyone reading `data` sees it. A failed write leaves file and memory as they
 * were. A file that is not valid (another format, content the schema refuses) is refused at start,
 * untouched.
 */
export class SiteFile {
  private readonly changes = new OneChangeAtATime();

  private constructor(
    private readonly db: Low<SiteFileContent>,
    private committed: SiteData,
  ) {}

  static async open(at: FileAt, seed: () => SiteContent): Promise<SiteFile> {
    const adapter = new DurableJsonFile<SiteFileContent>(at);
    // The open routine checks the file's shape; every version's content is checked here, with the
    // schema the editor shares.
    const existing = (await openJsonFile(at, siteFile))?.data ?? null;
    const data = existing === null ? null : checked(existing, at.file);
    const first: PublishedVersion = {
      revision: 1,
      content: seed(),
      publishedAt: new Date().toISOString(),
      by: '',
    };
    const content = data ?? { published: first, draft: null, history: [first] };
    const db = new Low<SiteFileContent>(adapter, { version: SITE_FORMAT_VERSION, ...content });
    if (data === null) await db.write();
    return new SiteFile(db, content);
  }

  /** What the file holds now. Never mutate it: changes go through change(). */
  get data(): Readonly<SiteData> {
    return this.committed;
  }

  /** Applies `apply` to the latest data and writes the result; a throw from `apply` changes nothing. */
  change<T>(apply: (data: SiteData) => [SiteData, T]): Promise<T> {
    return this.changes.run(async () => {
      const [after, result] = apply(this.committed);
      this.db.data = { version: SITE_FORMAT_VERSION, ...after };
      await this.db.write();
      this.committed = after;
      return result;
    });
  }

  close(): Promise<void> {
    return this.changes.close();
  }
}

function checked(data: unknown, file: string): SiteData {
  const found = data as Partial<SiteFileContent> | null;
  const refuse = (why: string) =>
    new StorageError(
      `Data file ${file} ${why}. It was left untouched: restore it from a backup or move it aside.`,
    );
  if (typeof found !== 'object' || found === null || found.version !== SITE_FORMAT_VERSION)
    throw refuse(`has format version ${String(found?.version)}, expected ${SITE_FORMAT_VERSION}`);
  const version = (v: unknown): PublishedVersion => {
    const item = v as Partial<PublishedVersion> | null;
    const content = siteContentSchema.safeParse(item?.content);
    if (!content.success || typeof item?.revision !== 'number' || typeof item.publishedAt !== 'string')
      throw refuse('holds content that is not valid');
    return {
      revision: item.revision,
      content: content.data,
      publishedAt: item.publishedAt,
      by: String(item.by ?? ''),
    };
  };
  const published = version(found.published);
  const history = Array.isArray(found.history) ? found.history.map(version) : [published];
  let draft: Draft | null = null;
  if (found.draft) {
    const content = siteContentSchema.safeParse(found.draft.content);
    if (!content.success) throw refuse('holds a draft that is not valid');
    draft = {
      content: content.data,
      basedOn: Number(found.draft.basedOn),
      savedAt: String(found.draft.savedAt),
    };
  }
  return { published, draft, history };
}
