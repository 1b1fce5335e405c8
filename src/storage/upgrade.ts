import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { StorageError, syncDirectory } from './durable-write';
import { checkSchema, newerVersionMessage, parseJson, readDataFile } from './open-file';
import { type DataEntry, dataEntries, pathOf, UPGRADE_STAGE_NAME } from './registry';
import { upgradeSteps } from './upgrade-steps';

/** One entry's upgrade: from the version found to the current one. */
export interface PlannedUpgrade {
  entry: DataEntry;
  from: number;
  to: number;
}

/** What an upgrade would write: nothing yet. */
export interface UpgradePlan {
  upgrades: PlannedUpgrade[];
  /** Each file's new text, by its registry name. */
  files: Map<string, string>;
}

const COMMIT_FILE = 'commit.json';

/** The version a file says it is at: a JSON document's `version`, a lines file's header; null if none. */
function versionIn(
  entry: DataEntry,
  file: string,
  text: string,
): { version: number; value?: unknown } | null {
  if (entry.kind === 'json') {
    const value = parseJson(file, text);
    const version = (value as { version?: unknown } | null)?.version;
    return typeof version === 'number' ? { version, value } : null;
  }
  if (entry.kind === 'lines') {
    const end = text.indexOf('\n');
    const header = end === -1 ? text : text.slice(0, end);
    try {
      const version = (JSON.parse(header) as { version?: unknown } | null)?.version;
      return typeof version === 'number' ? { version } : null;
    } catch {
      return null; // the opener refuses it, naming the problem
    }
  }
  return null;
}

/**
 * Reads every data file in `dir` (a data directory, or an unpacked archive's data/) and works out
 * its upgrade in memory: each older file through its steps (upgrade-steps.ts), the result checked
 * against the current schema. Refuses (StorageError, nothing written) a file newer than this
 * release, an older version without a step, or a step's result that does not fit.
 */
export async function planUpgrade(dir: string): Promise<UpgradePlan> {
  const upgrades: PlannedUpgrade[] = [];
  const files = new Map<string, string>();
  const textOf = async (entry: DataEntry) =>
    files.get(entry.name) ?? (await readDataFile(pathOf(dir, entry)));
  for (const entry of dataEntries) {
    if (entry.kind !== 'json' && entry.kind !== 'lines') continue;
    const file = pathOf(dir, entry);
    const text = await readDataFile(file);
    if (text === null) continue;
    const found = versionIn(entry, file, text);
    if (found === null || found.version === entry.version) continue;
    // An older format the newer one only adds to: read as it is, never rewritten (decision 131).
    if (entry.readsAsIs?.includes(found.version)) continue;
    if (found.version > entry.version)
      throw new StorageError(newerVersionMessage(file, found.version, entry.version));
    const steps = upgradeSteps[entry.name] ?? [];
    if (entry.kind !== 'json' || found.version < 1 || steps.length < entry.version - 1)
      throw new StorageError(
        `Data file ${file} has format version ${found.version}, which this release cannot upgrade to ${entry.version}. It was left untouched.`,
      );
    let value = found.value as Record<string, unknown>;
    for (const step of steps.slice(found.version - 1)) {
      const result = step.run(value, file);
      value = result.data;
      for (const move of result.moves ?? []) files.set(move.entry.name, move.text(await textOf(move.entry)));
    }
    const data = checkSchema(
      file,
      `${entry.name} (upgraded to version ${entry.version})`,
      entry.schema,
      value,
    );
    files.set(entry.name, `${JSON.stringify(data)}\n`);
    upgrades.push({ entry, from: found.version, to: entry.version });
  }
  return { upgrades, files };
}

async function writeSynced(file: string, text: string): Promise<void> {
  const handle = await open(file, 'w', 0o600);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Finishes or forgets an upgrade a crash interrupted: with its commit record written, every
 * staged file is renamed in (the ones already renamed are gone from the stage); without it,
 * nothing was renamed yet, so the stage is removed and the old files are as they were.
 */
async function recover(dataDir: string): Promise<void> {
  const stage = path.join(dataDir, UPGRADE_STAGE_NAME);
  const commit = await readFile(path.join(stage, COMMIT_FILE), 'utf8').catch(() => null);
  if (commit !== null) {
    for (const name of JSON.parse(commit) as string[])
      await rename(path.join(stage, name), path.join(dataDir, name)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    await syncDirectory(dataDir);
  }
  await rm(stage, { recursive: true, force: true });
}

export interface UpgradeOptions {
  /** Writes a backup archive of the directory as it is (before any change); resolves with where. */
  backup(plan: UpgradePlan): Promise<string>;
}

/**
 * At start, before any file is opened: upgrades every file an earlier release wrote to this
 * release's format, all or nothing. First the plan (in memory; a newer file refuses the start),
 * then the backup archive, then the new files are written and fsync'd into DATA_DIR/.upgrade/,
 * then its commit record (the one instant the upgrade happens), then each is renamed over its
 * old file. A crash before the commit leaves the old files untouched and the next start tries
 * again; after it, the next start finishes the renames. Resolves with what was upgraded.
 */
export async function upgradeDataDir(
  dataDir: string,
  options: UpgradeOptions,
): Promise<{ upgrades: PlannedUpgrade[]; backup?: string }> {
  await recover(dataDir);
  const plan = await planUpgrade(dataDir);
  if (plan.upgrades.length === 0) return { upgrades: [] };
  const backup = await options.backup(plan);
  const stage = path.join(dataDir, UPGRADE_STAGE_NAME);
  await mkdir(stage, { mode: 0o700 });
  const names = [...plan.files.keys()];
  for (const name of names) await writeSynced(path.join(stage, name), plan.files.get(name) as string);
  await writeSynced(path.join(stage, `${COMMIT_FILE}.tmp`), JSON.stringify(names));
  await rename(path.join(stage, `${COMMIT_FILE}.tmp`), path.join(stage, COMMIT_FILE));
  await syncDirectory(stage);
  await recover(dataDir);
  return { upgrades: plan.upgrades, backup };
}
