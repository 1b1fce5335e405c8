import { randomBytes } from 'node:crypto';
import { copyFile, link, lstat, mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { isRestoreLeftover } from './replace-data-dir';

/**
 * Where snapshots are staged: inside DATA_DIR, so a hard link always works (one file system),
 * and skipped by every walk of DATA_DIR (a snapshot never contains a snapshot).
 */
const SNAPSHOT_DIR = '.snapshots';

/** What DATA_DIR holds that is never part of a backup: staging, temp files, the control socket, a restore's leftovers. */
function isTransient(relative: string): boolean {
  const base = path.basename(relative);
  return (
    relative === SNAPSHOT_DIR ||
    isRestoreLeftover(relative.split('/')[0] ?? '') ||
    relative.startsWith(`${SNAPSHOT_DIR}/`) ||
    (base.startsWith('.') && base.endsWith('.tmp')) ||
    base.endsWith('.sock')
  );
}

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

/** Every regular file under `root` but the transient ones, relative and "/"-separated, sorted. */
export async function listFiles(root: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (relative: string): Promise<void> => {
    const entries = await readdir(path.join(root, relative), { withFileTypes: true });
    for (const entry of entries) {
      const child = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (isTransient(child)) continue;
      if (entry.isDirectory()) await walk(child);
      else if (entry.isFile()) found.push(child);
      else if (!entry.isSocket()) {
        const stats = await lstat(path.join(root, child));
        throw new Error(
          `${path.join(root, child)} is neither a file nor a folder (mode ${stats.mode.toString(8)})`,
        );
      }
    }
  };
  await walk('');
  return found.sort();
}
