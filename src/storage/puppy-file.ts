import { Low } from 'lowdb';
import { DurableJsonFile, StorageError } from './durable-json-file';
import type { PuppiesData, UploadedPhoto } from './puppy-changes';

export const PUPPIES_FORMAT_VERSION = 1;

interface PuppiesFileContent extends PuppiesData {
  version: number;
}

export interface Committed<T> {
  result: T;
  /** Photos the change dropped from the file: their files can be deleted now. */
  released: UploadedPhoto[];
}

/**
 * puppies.json: the available and sold puppies and the photos they use, with this process as the
 * only writer. Changes run one at a time; each is on disk (fsync'd) before its promise resolves
 * and before anyone reading `data` sees it. A failed write leaves both file and memory as they were.
 */
export class PuppyFile {
  private chain: Promise<unknown> = Promise.resolve();
  private listeners = new Set<() => void>();
  private closed = false;
  /** Counts the changes since start: the page cache keys on it. */
  revision = 0;

  private constructor(
    private readonly db: Low<PuppiesFileContent>,
    private committed: PuppiesData,
  ) {}

  /** Opens the file; with none yet, writes the one `seed` makes. A corrupt file is refused, untouched. */
  static async open(file: string, seed: () => Promise<PuppiesData>): Promise<PuppyFile> {
    const adapter = new DurableJsonFile<PuppiesFileContent>(file);
    const existing = await adapter.read();
    if (existing !== null && !isCurrentFormat(existing)) {
      throw new StorageError(
        `Data file ${file} has format version ${String((existing as Partial<PuppiesFileContent>)?.version)}, expected ${PUPPIES_FORMAT_VERSION} with "puppies" and "photos" lists. It was left untouched.`,
      );
    }
    await adapter.removeStaleTempFiles();
    const data = existing ?? { version: PUPPIES_FORMAT_VERSION, ...(await seed()) };
    const db = new Low<PuppiesFileContent>(adapter, data);
    if (existing === null) await db.write();
    return new PuppyFile(db, { puppies: data.puppies, photos: data.photos });
  }

  /** What the file holds now. Never mutate it: changes go through change(). */
  get data(): Readonly<PuppiesData> {
    return this.committed;
  }

  /** Called after each committed change (the public page re-renders). */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Applies `apply` to the latest data and writes the result; a throw from `apply` changes nothing. */
  change<T>(apply: (data: PuppiesData) => [PuppiesData, T]): Promise<Committed<T>> {
    if (this.closed) return Promise.reject(new StorageError('The store is closed'));
    const run = this.chain.then(async () => {
      const before = this.committed;
      const [after, result] = apply(before);
      this.db.data = { version: PUPPIES_FORMAT_VERSION, puppies: after.puppies, photos: after.photos };
      await this.db.write();
      this.committed = after;
      this.revision += 1;
      for (const listener of this.listeners) listener();
      const kept = new Set(after.photos.map((photo) => photo.id));
      return { result, released: before.photos.filter((photo) => !kept.has(photo.id)) };
    });
    this.chain = run.catch(() => {});
    return run;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.chain;
  }
}

function isCurrentFormat(data: unknown): data is PuppiesFileContent {
  const file = data as Partial<PuppiesFileContent> | null;
  return (
    typeof file === 'object' &&
    file !== null &&
    file.version === PUPPIES_FORMAT_VERSION &&
    Array.isArray(file.puppies) &&
    Array.isArray(file.photos)
  );
}
