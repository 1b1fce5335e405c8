import { randomBytes } from 'node:crypto';
import { copyFile, link, lstat, mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { backedUpEntries } from './registry';

/**
 * Where snapshots are staged: inside DATA_DIR, so a hard link always works (one file system),
 * and skipped by every walk of DATA_DIR (a snapshot never contains a snapshot).
 */
const SNAPSHOT_DIR = '.snapshots';

/** Holds every durable write of the running site: resolves once in-flight writes are done. */
export type HoldWrites = () => Promise<() => void>;

export interface Snapshot {
  /** The staged copy of DATA_DIR at the instant of the snapshot. */
  dir: string;
  /** Every regular file in it, relative, "/"-separated, sorted. */
  files: string[];
  /** Removes the staged copy. */
  discard(): Promise<void>;
}

/**
 * Takes DATA_DIR as it is at one instant: with writes held, every regular file is hard-linked
 * when it is written once and never changed (photos: a new name per upload, only ever unlinked),
 * and copied otherwise (the data files: small, and some may be appended to in place, which would
 * change a linked copy too). The hold is released before anything is compressed, hashed or sent,
 * so a 1 GB photo folder holds writes for the time of its links only.
 */
export async function takeSnapshot(
  dataDir: string,
  holdWrites: HoldWrites,
  writtenOnce: (relative: string) => boolean = (relative) => relative.startsWith('photos/'),
): Promise<Snapshot> {
  const dir = path.join(dataDir, SNAPSHOT_DIR, `${Date.now()}-${randomBytes(4).toString('hex')}`);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const release = await holdWrites();
  let files: string[];
  try {
    files = await listFiles(dataDir);
    for (const file of files) {
      const target = path.join(dir, file);
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      const source = path.join(dataDir, file);
      if (writtenOnce(file)) await link(source, target).catch(() => copyFile(source, target));
      else await copyFile(source, target);
    }
  } catch (error) {
    release();
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  release();
  return { dir, files, discard: () => rm(dir, { recursive: true, force: true }) };
}

/** Removes snapshots a killed process left behind (the server at start; no one else stages). */
export async function removeStaleSnapshots(dataDir: string): Promise<void> {
  await rm(path.join(dataDir, SNAPSHOT_DIR), { recursive: true, force: true });
}

/**
 * Every file a backup copies from `root` (a data directory), relative and "/"-separated, sorted:
 * the files of the registry's folders (their temp files, ".…tmp", excepted) and the files that
 * exist, but never an entry marked `neverBackedUp` (the session key: decision 078). Nothing else
 * in DATA_DIR is data (registry.ts: the control socket, a snapshot being streamed, a restore's
 * leftovers).
 */
export async function listFiles(root: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of backedUpEntries) {
    const at = path.join(root, entry.name);
    if (entry.kind === 'folder') {
      const files = await readdir(at, { withFileTypes: true }).catch(() => []);
      for (const file of files)
        if (file.isFile() && !file.name.startsWith('.')) found.push(`${entry.name}/${file.name}`);
      continue;
    }
    const stats = await lstat(at).catch(() => null);
    if (stats?.isFile()) found.push(entry.name);
  }
  return found.sort();
}
