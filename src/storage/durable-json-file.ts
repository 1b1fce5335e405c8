import { randomBytes } from 'node:crypto';
import { type FileHandle, open, readdir, readFile, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Adapter } from 'lowdb';

/** A data file that cannot be used as it is; the file is never overwritten because of it. */
export class StorageError extends Error {}

export interface DurableJsonFileOptions<T> {
  /** The file's content for the data, as text or byte chunks; defaults to compact JSON and a newline. */
  serialize?: (data: T) => string | readonly Uint8Array[];
}

/**
 * A lowdb adapter whose writes survive a crash or power cut: the JSON goes to a temp file that is
 * fsync'd, renamed over the target, and the directory fsync'd so the rename itself is durable.
 * (lowdb's own JSONFile, via steno, renames without any fsync.)
 */
export class DurableJsonFile<T> implements Adapter<T> {
  private readonly serialize: (data: T) => string | readonly Uint8Array[];

  constructor(
    readonly file: string,
    options: DurableJsonFileOptions<T> = {},
  ) {
    this.serialize = options.serialize ?? ((data) => `${JSON.stringify(data)}\n`);
  }

  async read(): Promise<T | null> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw new StorageError(`Cannot read data file ${this.file}: ${(error as Error).message}`);
    }
    try {
      return JSON.parse(text) as T;
    } catch (error) {
      throw new StorageError(
        `Data file ${this.file} is not valid JSON (${(error as Error).message}). It was left untouched: restore it from a backup or move it aside.`,
      );
    }
  }

  async write(data: T): Promise<void> {
    const dir = path.dirname(this.file);
    const temp = path.join(dir, `${this.tempPrefix()}${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
    try {
      const handle = await open(temp, 'w', 0o600);
      try {
        await writeContent(handle, this.serialize(data));
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, this.file);
    } catch (error) {
      // A failed write (disk full, I/O error) leaves neither a half file nor a stray temp file.
      await unlink(temp).catch(() => {});
      throw error;
    }
    const dirHandle = await open(dir, 'r');
    try {
      await dirHandle.sync();
    } finally {
      await dirHandle.close();
    }
  }

  /**
   * Deletes temp files a killed process left behind. Only for a file this process is the single
   * writer of, before its first write: another writer's temp file would be in use.
   */
  async removeStaleTempFiles(): Promise<void> {
    const prefix = this.tempPrefix();
    const entries = await readdir(path.dirname(this.file)).catch(() => []);
    await Promise.all(
      entries
        .filter((name) => name.startsWith(prefix) && name.endsWith('.tmp'))
        .map((name) => unlink(path.join(path.dirname(this.file), name)).catch(() => {})),
    );
  }

  private tempPrefix(): string {
    return `.${path.basename(this.file)}.`;
  }
}

async function writeContent(handle: FileHandle, content: string | readonly Uint8Array[]): Promise<void> {
  if (typeof content === 'string') {
    await handle.writeFile(content);
    return;
  }
  const expected = content.reduce((sum, chunk) => sum + chunk.byteLength, 0);
  const { bytesWritten } = await handle.writev([...content]);
  // A regular file is written whole or the call fails; a short write is treated as a failure.
  if (bytesWritten !== expected) throw new Error(`Short write: ${bytesWritten} of ${expected} bytes`);
}
