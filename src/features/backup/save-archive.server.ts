import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { writeFileDurably } from '../../storage/durable-write';

/**
 * Writes an archive stream to `file` with the durable write (a temp file beside it, fsync'd,
 * renamed, the folder fsync'd), so an archive under its final name is always whole: a failed or
 * cut-off backup leaves no file that looks like one. Returns its size in bytes.
 */
export async function saveArchive(stream: Readable, file: string): Promise<number> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFileDurably(file, stream);
  return (await stat(file)).size;
}
