import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { type HoldWrites, listFiles, takeSnapshot } from '../../storage/snapshot';
import { archiveStream } from './archive.server';

/** What a backup is made of: the data directory and the running site's write hold. */
export interface BackupSource {
  dataDir: string;
  /** Null for a stopped site: nothing writes, so the files are read where they are. */
  holdWrites: HoldWrites | null;
}

export interface BackupOptions {
  app: { name: string; version: string };
  passphrase: string | undefined;
  now?: Date;
  /**
   * Named for an occasion ("before-upgrade": saguaro-doodles-before-upgrade-2026-…Z.tar.gz): not
   * a daily archive, so the keep rule (which reads only daily names) never deletes it.
   */
  label?: string;
}

/** The whole name: a temp file (".saguaro-….tmp") or any other file is not an archive. */
const NAME = /^saguaro-doodles-(\d{4})-(\d{2})-(\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.tar\.gz(\.age)?$/;

/** "saguaro-doodles-2026-11-26T10-00-00Z.tar.gz(.age)": UTC, sortable, no ":" (Windows, S3 consoles). */
export function archiveName(at: Date, encrypted: boolean): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-');
  return `saguaro-doodles-${stamp}.tar.gz${encrypted ? '.age' : ''}`;
}

/** The time an archive's name carries (so a copied-in archive is dated like the others); null if none. */
export function timeOfArchive(name: string): Date | null {
  const match = name.match(NAME);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.slice(0, 7).map(Number) as number[];
  const time = new Date(Date.UTC(y ?? 0, (mo ?? 1) - 1, d, h, mi, s));
  return Number.isNaN(time.getTime()) ? null : time;
}

/**
 * A backup of the data directory as it is now: snapshot (writes held for its instant), then the
 * archive streamed from the snapshot, which is removed once the stream ends or fails.
 */
export async function makeBackup(
  source: BackupSource,
  options: BackupOptions,
): Promise<{ name: string; stream: Readable }> {
  const now = options.now ?? new Date();
  const daily = archiveName(now, options.passphrase !== undefined);
  const name = options.label ? daily.replace('saguaro-doodles-', `saguaro-doodles-${options.label}-`) : daily;
  const common = { app: options.app, createdAt: now, passphrase: options.passphrase };
  if (!source.holdWrites) {
    const files = await listFiles(source.dataDir);
    return { name, stream: archiveStream({ ...common, dir: source.dataDir, files }) };
  }
  const snapshot = await takeSnapshot(source.dataDir, source.holdWrites);
  const stream = archiveStream({ ...common, dir: snapshot.dir, files: snapshot.files });
  finished(stream)
    .catch(() => {})
    .finally(() => snapshot.discard().catch(() => {}));
  return { name, stream };
}
