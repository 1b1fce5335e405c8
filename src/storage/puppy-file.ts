import type { PuppiesData, UploadedPhoto } from './file-schemas';
import { JsonDocument } from './json-document';
import type { FileAt } from './open-file';
import { puppiesFile } from './registry';

export type { PuppiesData, UploadedPhoto };

export interface Committed<T> {
  result: T;
  /** Photos the change dropped from the file: their files can be deleted now. */
  released: UploadedPhoto[];
}

/**
 * puppies.json: the available and sold puppies and the photos they use, with this process as the
 * only writer. Changes run one at a time; each is on disk (fsync'd) before its promise resolves
 * and before anyone reading `data` sees it. A failed write leaves both file and memory as they
 * were. What a change may do is the puppies feature's business (src/features/puppies).
 */
export class PuppyFile {
  private listeners = new Set<() => void>();
  /** Counts the changes since start: the page cache keys on it. */
  revision = 0;

  private constructor(private readonly document: JsonDocument<typeof puppiesFile.schema>) {}

  /** Opens the file; with none yet, writes the one `seed` makes. A corrupt file is refused, untouched. */
  static async open(at: FileAt, seed: () => Promise<PuppiesData>): Promise<PuppyFile> {
    const document = await JsonDocument.open(at, puppiesFile, async () => ({
      version: puppiesFile.version,
      ...(await seed()),
    }));
    return new PuppyFile(document);
  }

  /** What the file holds now. Never mutate it: changes go through change(). */
  get data(): Readonly<PuppiesData> {
    return this.document.data;
  }

  /** Called after each committed change (the public page re-renders). */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Applies `apply` to the latest data and writes the result; a throw from `apply` changes nothing. */
  async change<T>(apply: (data: PuppiesData) => [PuppiesData, T]): Promise<Committed<T>> {
    const { before, result } = await this.document.change((data) => {
      const [after, result] = apply(data);
      return [
        { version: puppiesFile.version, puppies: after.puppies, photos: after.photos },
        { after, result },
      ];
    });
    this.revision += 1;
    for (const listener of this.listeners) listener();
    const kept = new Set(result.after.photos.map((photo) => photo.id));
    return { result: result.result, released: before.photos.filter((photo) => !kept.has(photo.id)) };
  }

  close(): Promise<void> {
    return this.document.close();
  }
}
