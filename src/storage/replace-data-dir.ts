import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { syncDirectory, syncTree } from './durable-write';
import { dataEntries } from './registry';

/**
 * Where a restore unpacks and where the old data goes (decision 075). Normally beside DATA_DIR,
 * which is then replaced by one rename. When DATA_DIR is a mount point (the container's volume
 * /data), it cannot be renamed, and a folder beside it would be on another file system: both go
 * inside it, as hidden folders every backup skips, and the swap moves the top-level entries.
 */
export interface RestorePlan {
  /** An empty folder to unpack into (the archive's data/ lands in it). */
  staging: string;
  /** Where the old data is kept. */
  aside: string;
  insideMount: boolean;
}

/** Folders a restore leaves in DATA_DIR when it is a mount point: never backed up. */
const isRestoreLeftover = (name: string) => /^\.(restoring|before-restore)-/.test(name);

async function isMountPoint(dir: string): Promise<boolean> {
  const own = await stat(dir).catch(() => null);
  if (!own) return false;
  const parent = await stat(path.dirname(dir));
  return own.dev !== parent.dev;
}

export async function planRestore(dataDir: string, stamp: string): Promise<RestorePlan> {
  const insideMount = await isMountPoint(dataDir);
  const plan = insideMount
    ? {
        staging: path.join(dataDir, `.restoring-${stamp}`),
        aside: path.join(dataDir, `.before-restore-${stamp}`),
        insideMount,
      }
    : { staging: `${dataDir}.restoring-${stamp}`, aside: `${dataDir}.before-restore-${stamp}`, insideMount };
  await mkdir(plan.staging, { recursive: true, mode: 0o700 });
  return plan;
}

/**
 * Puts the checked copy (`restored`, inside plan.staging) in DATA_DIR's place. Beside: the old
 * folder is renamed aside, then the new one renamed in: a crash leaves the old folder or the new
 * one at DATA_DIR, never a mix, and a failed second rename is undone. Inside a mount point: the
 * old entries move into the aside folder, then the new ones up; each move is one rename.
 * Returns where the old data is (null when there was none).
 */
export async function replaceDataDir(
  dataDir: string,
  restored: string,
  plan: RestorePlan,
): Promise<string | null> {
  // An archive from before decision 078 holds the session key: it never comes back, so the
  // restored site makes a new one and every session (a thief's included) ends.
  for (const entry of dataEntries)
    if (entry.neverBackedUp) await rm(path.join(restored, entry.name), { recursive: true, force: true });
  // Every unpacked file and folder on disk before the swap, and each swap's folders after it: a
  // power cut leaves the old data or the whole new data at DATA_DIR.
  await syncTree(restored);
  if (plan.insideMount) {
    await mkdir(plan.aside, { mode: 0o700 });
    for (const name of await readdir(dataDir))
      if (!isRestoreLeftover(name)) await rename(path.join(dataDir, name), path.join(plan.aside, name));
    for (const name of await readdir(restored))
      await rename(path.join(restored, name), path.join(dataDir, name));
    for (const dir of [plan.aside, restored, dataDir]) await syncDirectory(dir);
    return plan.aside;
  }
  const exists = await stat(dataDir).then(
    () => true,
    () => false,
  );
  if (exists) await rename(dataDir, plan.aside);
  try {
    await rename(restored, dataDir);
  } catch (error) {
    if (exists) await rename(plan.aside, dataDir).catch(() => {});
    throw error;
  }
  for (const dir of new Set([path.dirname(dataDir), path.dirname(restored)])) await syncDirectory(dir);
  return exists ? plan.aside : null;
}

/** Removes a half-unpacked restore after a refusal (or what is left after a swap). */
export const discardRestore = (plan: RestorePlan) => rm(plan.staging, { recursive: true, force: true });
