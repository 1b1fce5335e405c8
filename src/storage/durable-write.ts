import { randomBytes } from 'node:crypto';
import { copyFile, type FileHandle, open, readdir, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';

/** A data file that cannot be used as it is; the file is never overwritten because of it. */
export class StorageError extends Error {}

/**
 * Errors that mean the disk refused a write (full, read-only, over quota, failing): the data
 * already stored is intact, and the same write may succeed later. Callers answer them as
 * "storage unavailable" (503), never as a bug.
 */
const WRITE_REFUSED = new Set(['ENOSPC', 'EROFS', 'EDQUOT', 'EIO', 'EFBIG', 'EACCES', 'EPERM', 'ENOENT']);

export function isWriteRefused(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return error instanceof StorageError || (typeof code === 'string' && WRITE_REFUSED.has(code));
}

/**
 * Every change to DATA_DIR passes through one gate, so that a backup can take the whole
 * directory at one instant: hold() waits for the writes under way to finish and makes new ones
 * wait (never fail) until it is released. Writes are not nested: a gated write never starts
 * another gated write, or a hold arriving in between would wait for itself.
 */
export class WriteGate {
  private active = 0;
  private holds = 0;
  private whenIdle: (() => void)[] = [];
  private whenOpen: (() => void)[] = [];

  async run<T>(work: () => Promise<T>): Promise<T> {
    while (this.holds > 0) await new Promise<void>((resolve) => this.whenOpen.push(resolve));
    this.active += 1;
    try {
      return await work();
    } finally {
      this.active -= 1;
      if (this.active === 0) this.whenIdle = wake(this.whenIdle);
    }
  }

  /** Resolves once no write is under way; until the returned release is called, writes wait. */
  async hold(): Promise<() => void> {
    this.holds += 1;
    if (this.active > 0) await new Promise<void>((resolve) => this.whenIdle.push(resolve));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holds -= 1;
      if (this.holds === 0) this.whenOpen = wake(this.whenOpen);
    };
  }
}

/** Resolves everyone waiting; the new, empty list. */
function wake(waiting: (() => void)[]): (() => void)[] {
  for (const resolve of waiting) resolve();
  return [];
}

/** A file's whole content: text, bytes, byte chunks, or a stream (a backup archive as it is made). */
type Content = string | Buffer | readonly Uint8Array[] | Readable;

async function writeContent(handle: FileHandle, content: Content): Promise<void> {
  if (content instanceof Readable) {
    // Chunk by chunk into the handle, which stays open for the fsync that follows; a stream that
    // fails throws here (and is destroyed by the loop).
    for await (const chunk of content) {
      const bytes: Uint8Array = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      for (let done = 0; done < bytes.byteLength; )
        done += (await handle.write(bytes, done, bytes.byteLength - done)).bytesWritten;
    }
    return;
  }
  if (typeof content === 'string' || Buffer.isBuffer(content)) {
    await handle.writeFile(content);
    return;
  }
  const expected = content.reduce((sum, chunk) => sum + chunk.byteLength, 0);
  const { bytesWritten } = await handle.writev([...content]);
  // A regular file is written whole or the call fails; a short write is treated as a failure.
  if (bytesWritten !== expected) throw new Error(`Short write: ${bytesWritten} of ${expected} bytes`);
}

/**
 * Fsyncs a folder (or a file), so a rename or a new file in it survives a power cut. Outside the
 * gate: also for files beside DATA_DIR (a backup archive in BACKUP_DIR).
 */
export async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Fsyncs every file and folder under `dir`, and `dir` itself, deepest first: a tree written by
 * streams (a restore's unpacked archive) made as durable as writeDurably's files before it is
 * swapped in. Outside the gate, like syncDirectory: the tree is beside DATA_DIR until the swap.
 */
export async function syncTree(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await syncTree(full);
    else if (entry.isFile()) await syncDirectory(full);
  }
  await syncDirectory(dir);
}

const tempPrefix = (file: string) => `.${path.basename(file)}.`;

/**
 * The one durable write of a whole file: the content goes to a temp file in the same directory
 * that is fsync'd, renamed over the target, and the directory fsync'd so the rename itself is
 * durable. A failed write (disk full, read-only, I/O error) leaves the old file as it was and no
 * temp file behind. (lowdb's own JSONFile, via steno, renames without any fsync.)
 */
export function writeDurably(gate: WriteGate, file: string, content: Content, mode = 0o600): Promise<void> {
  return gate.run(() => writeFileDurably(file, content, mode));
}

/**
 * The same durable write outside the data directory's gate: for a file beside DATA_DIR (a backup
 * archive and the last run's outcome in BACKUP_DIR), which a copy of DATA_DIR never reads. Under
 * its final name a file is always whole: a failed or cut-off write leaves no file that looks
 * like one.
 */
export async function writeFileDurably(file: string, content: Content, mode = 0o600): Promise<void> {
  const dir = path.dirname(file);
  const temp = path.join(dir, `${tempPrefix(file)}${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    const handle = await open(temp, 'w', mode);
    try {
      await writeContent(handle, content);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (error) {
    await unlink(temp).catch(() => {});
    throw error;
  }
  await syncDirectory(dir);
}

/**
 * Appends to an existing file and fsyncs it. On failure the file is cut back to its old length
 * when the disk allows it; the caller must not append again before it knows the file is whole
 * (it rewrites it with writeDurably instead).
 */
export function appendDurably(gate: WriteGate, file: string, content: Content): Promise<void> {
  return gate.run(async () => {
    const handle = await open(file, 'a');
    const { size } = await handle.stat();
    try {
      await writeContent(handle, content);
      await handle.sync();
    } catch (error) {
      await handle.truncate(size).catch(() => {});
      throw error;
    } finally {
      await handle.close();
    }
  });
}

/**
 * A new file under a name never used before (a photo's): written and fsync'd, refused if the
 * name exists. The directory is synced by syncDataFolder once all of a set are written.
 */
export function writeNewFile(gate: WriteGate, file: string, data: Buffer, mode = 0o644): Promise<void> {
  return gate.run(async () => {
    const handle = await open(file, 'wx', mode);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
  });
}

/** Copies a file in under a new name and fsyncs the copy. */
export function copyInDurably(gate: WriteGate, from: string, to: string): Promise<void> {
  return gate.run(async () => {
    await copyFile(from, to);
    const handle = await open(to, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  });
}

export function syncDataFolder(gate: WriteGate, dir: string): Promise<void> {
  return gate.run(() => syncDirectory(dir));
}

/** Deletes files (a missing one is no error). */
export function removeFiles(gate: WriteGate, files: readonly string[]): Promise<void> {
  if (files.length === 0) return Promise.resolve();
  return gate.run(async () => {
    await Promise.all(files.map((file) => unlink(file).catch(() => {})));
  });
}

/**
 * Deletes temp files a killed process left behind. Only for a file this process is the single
 * writer of, before its first write: another writer's temp file would be in use.
 */
export async function removeStaleTempFiles(gate: WriteGate, file: string): Promise<void> {
  const prefix = tempPrefix(file);
  const dir = path.dirname(file);
  const entries = await readdir(dir).catch(() => [] as string[]);
  const stale = entries.filter((name) => name.startsWith(prefix) && name.endsWith('.tmp'));
  await removeFiles(
    gate,
    stale.map((name) => path.join(dir, name)),
  );
}
