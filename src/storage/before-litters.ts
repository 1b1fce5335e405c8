import { access, mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { copyInDurably, syncDataFolder, type WriteGate } from './durable-write';
import { littersFile, puppiesFile, salesFile, siteFile } from './registry';

/**
 * The upgrade to litters (issue 27, decision 121). An earlier release has puppies.json but no
 * litters.json; its puppies, the birth date in site.json and the next litter in sales.json become
 * litters when the litters feature first opens litters.json. Before anything of this start writes
 * (the puppies' start-up clean-up rewrites puppies.json), the files it reads are copied, as they
 * were, into `before-litters-{time}` in DATA_DIR: written under a temp name, each file fsync'd,
 * renamed whole, the directory fsync'd; a crash before the rename leaves only the temp folder,
 * removed at the next start, which copies again. Once made it is never copied over: a start that
 * died before litters.json was written keeps the first copy. No earlier file is changed.
 *
 * Kept apart so the storage upgrade mechanism of issue 31 (format versions stepped forward, a
 * backup first) can fold it in as its step "no litters.json → litters.json".
 */
const PREFIX = 'before-litters-';
const TEMP = '.before-litters.tmp';

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/** The copy's folder name, or null when this start is not an upgrade (a first start, or done). */
export async function keepFilesBeforeLitters(
  dataDir: string,
  gate: WriteGate,
  now = new Date(),
): Promise<string | null> {
  const at = (name: string) => path.join(dataDir, name);
  await rm(at(TEMP), { recursive: true, force: true });
  if ((await exists(at(littersFile.name))) || !(await exists(at(puppiesFile.name)))) return null;
  const made = (await readdir(dataDir)).find((name) => name.startsWith(PREFIX));
  if (made) return made;
  const name = `${PREFIX}${now.toISOString().replace(/[:.]/g, '-')}`;
  await mkdir(at(TEMP), { mode: 0o700 });
  for (const entry of [puppiesFile, siteFile, salesFile])
    if (await exists(at(entry.name)))
      await copyInDurably(gate, at(entry.name), path.join(at(TEMP), entry.name));
  await syncDataFolder(gate, at(TEMP));
  await rename(at(TEMP), at(name));
  await syncDataFolder(gate, dataDir);
  return name;
}
