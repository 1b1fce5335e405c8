/**
 * Makes a backup of the site's data, or checks one.
 *
 *   npm run backup                     into BACKUP_DIR, named with the date and time
 *   npm run backup -- --out FILE       into FILE
 *   npm run backup -- --verify FILE    checks FILE as a restore would, changes nothing
 *
 * Reads DATA_DIR (and BACKUP_PASSPHRASE, BACKUP_DIR) like the server. With the site running on
 * DATA_DIR, the running server makes the archive (it alone can hold its writes for the instant
 * of the snapshot) and sends it over DATA_DIR/server.sock; with the site stopped, the files are
 * read where they are.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ArchiveRefused, unpackAndCheck } from '../src/features/backup/check-archive.server';
import { requestBackup, runningServer } from '../src/features/backup/control-socket.server';
import { makeBackup } from '../src/features/backup/make-backup.server';
import { saveArchive } from '../src/features/backup/save-archive.server';
import { loadConfig } from '../src/server/core/config';

const USAGE = 'Usage: npm run backup -- [--out FILE]   or   npm run backup -- --verify FILE';

class UsageError extends Error {}

function parseOptions(argv: string[]): { out?: string | undefined; verify?: string | undefined } {
  try {
    const { values } = parseArgs({
      args: argv,
      options: { out: { type: 'string' }, verify: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
    if (values.help) {
      console.log(USAGE);
      process.exit(0);
    }
    if (values.out !== undefined && values.verify !== undefined)
      throw new UsageError(`--out and --verify cannot go together.\n${USAGE}`);
    return values;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
}

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

async function verify(file: string, passphrase: string | undefined): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'doodles-verify-'));
  try {
    const manifest = await unpackAndCheck(file, dir, passphrase);
    const bytes = manifest.files.reduce((sum, entry) => sum + entry.size, 0);
    console.log(
      `OK: ${file} is a whole backup made ${manifest.createdAt} by ${manifest.app.name} ${manifest.app.version}: ${manifest.files.length} files, ${megabytes(bytes)}, every checksum, data file and photo checked.`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const config = loadConfig();
  if (options.verify !== undefined) return verify(path.resolve(options.verify), config.backup.passphrase);

  const running = await runningServer(config.dataDir);
  const { name, stream } = running
    ? await requestBackup(config.dataDir, config.backup.passphrase)
    : await makeBackup(
        { dataDir: config.dataDir, holdWrites: null },
        { app: APP_INFO, passphrase: config.backup.passphrase },
      );
  const out = path.resolve(options.out ?? path.join(config.backup.dir, name));
  const size = await saveArchive(stream, out);
  const encrypted = name.endsWith('.age');
  console.log(
    `Backup written to ${out} (${megabytes(size)}${encrypted ? ', encrypted' : ''}), from the ${running ? `running site (pid ${running.pid})` : 'stopped site'}.`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ArchiveRefused) console.error(`Refused: ${error.message}`);
  else
    console.error(
      error instanceof UsageError ? error.message : `Backup failed: ${(error as Error).message ?? error}`,
    );
  process.exit(1);
});
