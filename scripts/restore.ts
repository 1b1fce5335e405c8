/**
 * Restores a backup into DATA_DIR.
 *
 *   npm run restore -- FILE
 *
 * Reads DATA_DIR (and BACKUP_PASSPHRASE for an encrypted archive) like the server. The whole
 * archive is unpacked beside DATA_DIR and checked first (npm run backup -- --verify runs the same
 * checks); a bad or foreign one is refused and nothing changes. A good one takes DATA_DIR's place
 * by rename, and the old folder stays beside it as DATA_DIR.before-restore-{time}. Refused while
 * the site runs on DATA_DIR. The session key is never restored (decision 078): every session ends.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { ArchiveRefused, unpackAndCheck } from '../src/features/backup/check-archive.server';
import { runningServer } from '../src/features/backup/control-socket.server';
import { loadConfig } from '../src/server/core/config';
import { discardRestore, planRestore, replaceDataDir } from '../src/storage/replace-data-dir';

const USAGE = 'Usage: npm run restore -- FILE   (into DATA_DIR; BACKUP_PASSPHRASE for an encrypted archive)';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  const [file, ...extra] = args;
  if (!file || extra.length > 0 || file.startsWith('-')) {
    console.error(USAGE);
    return 1;
  }
  const config = loadConfig();
  const running = await runningServer(config.dataDir);
  if (running) {
    console.error(
      `Refused: the site is running on DATA_DIR ${config.dataDir} (pid ${running.pid}). Stop it first (docker stop <container>, systemctl stop <service>, or Ctrl-C where it runs), then restore again. Nothing was changed.`,
    );
    return 1;
  }
  const stamp = new Date()
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-');
  const plan = await planRestore(config.dataDir, stamp);
  try {
    const manifest = await unpackAndCheck(path.resolve(file), plan.staging, config.backup.passphrase);
    await mkdir(path.join(plan.staging, 'data'), { recursive: true, mode: 0o700 });
    const aside = await replaceDataDir(config.dataDir, path.join(plan.staging, 'data'), plan);
    console.log(
      `Restored the backup made ${manifest.createdAt} (${manifest.files.length} files) into ${config.dataDir}.` +
        (aside ? ` The previous data is kept in ${aside}.` : '') +
        ' Backups never hold the key that signs sessions: the site makes a new one when it starts, so every session has ended and she must sign in again.',
    );
    return 0;
  } catch (error) {
    console.error(
      error instanceof ArchiveRefused
        ? `Refused: ${error.message} Nothing was changed.`
        : `Restore failed: ${(error as Error).message}. Nothing was changed.`,
    );
    return 1;
  } finally {
    await discardRestore(plan);
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
