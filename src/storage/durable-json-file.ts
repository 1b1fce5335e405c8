import { randomBytes } from 'node:crypto';
import { open, readFile, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Adapter } from 'lowdb';

/** A data file that cannot be used as it is; the file is never overwritten because of it. */
export class StorageError extends Error {}

/**
 * A lowdb adapter whose writes survive a crash or power cut: the JSON goes to a temp file that is
 * fsync'd, renamed over the target, and the directory fsync'd so the rename itself is durable.
 * (lowdb's own JSONFile, via steno, renames without any fsync.)
 */
export class DurableJsonFile<T> implements Adapter<T> {
  constructor(readonly file: string) {}

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
    const temp = path.join(
      dir,
      `.${path.basename(this.file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`,
    );
    const handle = await open(temp, 'w', 0o600);
    try {
      await handle.writeFile(`${JSON.stringify(data)}\n`);
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await rename(temp, this.file);
    } catch (error) {
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
}
