import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import {
  copyInDurably,
  removeFiles,
  StorageError,
  syncDataFolder,
  type WriteGate,
  writeNewFile,
} from './durable-write';
import { photosFolder } from './registry';

/**
 * DATA_DIR/photos: the files of the breeder's photos. Each is written once under a name never
 * used before, fsync'd, and the folder synced once a photo's files are all written, before any
 * record names them. Every write and deletion passes the data directory's write gate.
 */
export class PhotoFiles {
  constructor(
    /** The folder, for serving its files (read only). */
    readonly dir: string,
    private readonly gate: WriteGate,
  ) {}

  /** Writes a new file (refused if the name exists). */
  async write(name: string, data: Buffer): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await writeNewFile(this.gate, this.pathOf(name), data);
  }

  /** Copies a file in under a new name (a photo the build encoded, at a first start). */
  async copyIn(from: string, name: string): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await copyInDurably(this.gate, from, this.pathOf(name));
  }

  /** Makes the files written so far durable as entries of the folder. */
  sync(): Promise<void> {
    return syncDataFolder(this.gate, this.dir);
  }

  /** Deletes files of the folder (any name in it: also what a crash left half-written). */
  remove(names: readonly string[]): Promise<void> {
    const inFolder = names.filter((name) => name === path.basename(name) && name !== '..' && name !== '.');
    return removeFiles(
      this.gate,
      inFolder.map((name) => path.join(this.dir, name)),
    );
  }

  /** The names of the files in the folder (none if it does not exist yet). */
  list(): Promise<string[]> {
    return readdir(this.dir).catch(() => []);
  }

  private pathOf(name: string): string {
    if (!photosFolder.schema.safeParse(name).success)
      throw new StorageError(`Not a photo file name: ${name}`);
    return path.join(this.dir, name);
  }
}
