import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { syncDirectory } from '../../storage/durable-write';

/**
 * Writes an archive stream to `file`: into a temp file beside it, fsync'd, then renamed, so an
 * archive under its final name is always whole (a failed or cut-off backup leaves no file that
 * looks like one). Returns its size in bytes.
 */
export async function saveArchive(stream: Readable, file: string): Promise<number> {
  const dir = path.dirname(file);
  await mkdir(dir, { recursive: true });
  const temp = path.join(dir, `.${path.basename(file)}.${randomBytes(4).toString('hex')}.partial`);
  try {
    await pipeline(stream, createWriteStream(temp, { mode: 0o600 }));
    const handle = await open(temp, 'r');
    try {
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
  return (await stat(file)).size;
}
