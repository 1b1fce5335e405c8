import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import tarStream, { type Pack } from 'tar-stream';
import { z } from 'zod';
import { encryptStream } from './encryption.server';

/**
 * The backup archive (decision 075): a gzip-compressed tar of `data/…` (every file of DATA_DIR,
 * as it was at one instant) followed by `manifest.json`, last because it carries each file's
 * SHA-256, computed while the file streams by (nothing is read twice, nothing held in memory).
 * With a passphrase, the whole .tar.gz is encrypted in the age format (decision 076).
 */

export const ARCHIVE_FORMAT = 'saguaro-doodles-backup';
const ARCHIVE_FORMAT_VERSION = 1;
export const MANIFEST_NAME = 'manifest.json';
export const DATA_PREFIX = 'data/';

export const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  formatVersion: z.literal(ARCHIVE_FORMAT_VERSION),
  app: z.object({ name: z.string(), version: z.string() }),
  createdAt: z.iso.datetime(),
  files: z.array(
    z.object({
      path: z.string().min(1),
      size: z.number().int().nonnegative(),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
    }),
  ),
});

export type Manifest = z.infer<typeof manifestSchema>;

export interface ArchiveInput {
  /** A folder holding the files (a snapshot's staging folder). */
  dir: string;
  /** Relative "/"-separated paths inside `dir`. */
  files: readonly string[];
  app: { name: string; version: string };
  createdAt: Date;
  /** BACKUP_PASSPHRASE: the archive is age-encrypted with it. */
  passphrase?: string | undefined;
}

/** The archive as a stream; an error reading a file destroys it (a half archive is never whole). */
export function archiveStream(input: ArchiveInput): Readable {
  const tar = tarStream.pack();
  const out = new PassThrough();
  void (async () => {
    const compressed = tar.pipe(createGzip({ level: 6 }));
    const sink = input.passphrase ? await encryptStream(compressed, input.passphrase) : compressed;
    await pipeline(sink, out);
  })().catch((error: unknown) => out.destroy(error as Error));
  void writeEntries(tar, input).catch((error: unknown) => {
    tar.destroy(error as Error);
    out.destroy(error as Error);
  });
  return out;
}

async function writeEntries(tar: Pack, input: ArchiveInput): Promise<void> {
  const files: Manifest['files'] = [];
  for (const file of input.files) {
    const source = path.join(input.dir, file);
    const { size, mtime } = await stat(source);
    const hash = createHash('sha256');
    let written = 0;
    await new Promise<void>((resolve, reject) => {
      const entry = tar.entry({ name: `${DATA_PREFIX}${file}`, size, mode: 0o600, mtime }, (error) =>
        error ? reject(error) : resolve(),
      );
      // tar-stream's entries are streamx streams: written by hand, with backpressure.
      (async () => {
        for await (const chunk of size === 0 ? [] : createReadStream(source, { end: size - 1 })) {
          hash.update(chunk as Buffer);
          written += (chunk as Buffer).length;
          if (!entry.write(chunk)) await new Promise<void>((drained) => entry.once('drain', () => drained()));
        }
        // A staged file never changes; a size that moved anyway would make a broken tar entry.
        if (written !== size) throw new Error(`${file} changed while it was archived`);
        entry.end(undefined as unknown as Buffer); // streamx: end() with no chunk
      })().catch((error: unknown) => {
        entry.destroy(error as Error);
        reject(error);
      });
    });
    files.push({ path: file, size, sha256: hash.digest('hex') });
  }
  const manifest: Manifest = {
    format: ARCHIVE_FORMAT,
    formatVersion: ARCHIVE_FORMAT_VERSION,
    app: input.app,
    createdAt: input.createdAt.toISOString(),
    files,
  };
  const text = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
  await new Promise<void>((resolve, reject) =>
    tar.entry(
      { name: MANIFEST_NAME, size: text.length, mode: 0o600, mtime: input.createdAt },
      text,
      (error) => (error ? reject(error) : resolve()),
    ),
  );
  tar.finalize();
}
