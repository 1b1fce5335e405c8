import { mkdir, readdir, readFile, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import type { BackupConfig } from '../../server/core/backup-config';
import type { Logger } from '../../server/core/log';
import { writeFileDurably } from '../../storage/durable-write';
import { formatReceivedTime } from '../notices/index';
import type { BackupStatus } from './backup';
import { timeOfArchive } from './make-backup.server';
import { archivesToDelete } from './retention.server';
import { saveArchive } from './save-archive.server';
import { nextRun } from './schedule.server';

/** Older than this, the dashboard warns: a day's backup was missed, and then another one. */
const STALE_AFTER_MS = 48 * 60 * 60 * 1000;
/** A temp file older than this is a killed run's leftover. */
const PARTIAL_LEFTOVER_MS = 60 * 60 * 1000;
/** Kept in BACKUP_DIR: the last run's outcome survives a restart. Not an archive: never pruned. */
const STATUS_FILE = '.last-run.json';

/** Off-site copies (S3-compatible storage): the same keep rule applies there. */
export interface RemoteStore {
  /** "S3 bucket doodle-backups (prefix site/)", for the dashboard and messages. */
  label: string;
  upload(file: string, name: string): Promise<void>;
  list(): Promise<string[]>;
  remove(name: string): Promise<void>;
}

/** The status file: a file that does not match (damaged, hand-edited) is read as no file. */
const lastRunSchema = z.object({
  success: z.object({ at: z.string(), name: z.string(), size: z.number(), where: z.string() }).nullable(),
  failure: z.object({ at: z.string(), reason: z.string() }).nullable(),
});
type LastRun = z.infer<typeof lastRunSchema>;

export interface BackupServiceDeps {
  config: BackupConfig;
  /** A fresh archive of the data directory (the server's own, under its write hold). */
  newBackup: () => Promise<{ name: string; stream: Readable }>;
  remote: RemoteStore | null;
  logger: Logger;
  now?: () => Date;
}

const megabytes = (bytes: number) =>
  bytes < 1_000_000 ? `${Math.max(1, Math.round(bytes / 1000))} KB` : `${(bytes / 1_000_000).toFixed(1)} MB`;

/**
 * The daily backup (at BACKUP_TIME in TZ) and the dashboard's "Back up now": one run at a time,
 * each writes an archive into BACKUP_DIR, uploads it when BACKUP_S3_URL is set, applies the keep
 * rule in both places, and records its outcome for the dashboard's line.
 */
export function createBackupService({
  config,
  newBackup,
  remote,
  logger,
  now = () => new Date(),
}: BackupServiceDeps) {
  const statusFile = path.join(config.dir, STATUS_FILE);
  let last: LastRun = { success: null, failure: null };
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;
  const started = now();

  /** Through the durable write (temp file, fsync, rename, fsync of BACKUP_DIR): a power cut keeps the old outcome or the new one. */
  function saveLastRun(): Promise<void> {
    return writeFileDurably(statusFile, `${JSON.stringify(last)}\n`, 0o600);
  }

  /** The archives in BACKUP_DIR (names with a time), newest first. */
  async function localArchives(): Promise<string[]> {
    const names = await readdir(config.dir).catch(() => [] as string[]);
    return names
      .filter((name) => timeOfArchive(name) !== null)
      .sort((a, b) => (timeOfArchive(b)?.getTime() ?? 0) - (timeOfArchive(a)?.getTime() ?? 0));
  }

  async function pruneLocal(): Promise<void> {
    const names = await readdir(config.dir).catch(() => [] as string[]);
    for (const name of archivesToDelete(names, config.timeZone)) await unlink(path.join(config.dir, name));
    // A killed write's temp file (the durable write's ".{name}.{pid}.{random}.tmp", or an older
    // release's ".{name}.{random}.partial"), once it is surely not being written.
    const leftover = (n: string) => n.startsWith('.') && (n.endsWith('.tmp') || n.endsWith('.partial'));
    for (const name of names.filter(leftover)) {
      const file = path.join(config.dir, name);
      const modified = (await stat(file).catch(() => null))?.mtimeMs ?? now().getTime();
      const age = now().getTime() - modified;
      if (age > PARTIAL_LEFTOVER_MS) await unlink(file).catch(() => {});
    }
  }

  async function runOnce(): Promise<void> {
    const at = now().toISOString();
    let stage = 'making the archive';
    try {
      await mkdir(config.dir, { recursive: true });
      const { name, stream } = await newBackup();
      stage = `writing it to ${config.dir}`;
      const file = path.join(config.dir, name);
      const size = await saveArchive(stream, file);
      stage = `applying the keep rule in ${config.dir}`;
      await pruneLocal();
      let where = `in ${config.dir}`;
      if (remote) {
        // Recorded before the upload: the archive is on this machine whatever happens next.
        last = { success: { at, name, size, where: `${where} only` }, failure: last.failure };
        stage = `uploading it to ${remote.label}`;
        const there = new Set(await remote.list());
        // What a failed run (storage down) left on this machine only goes up too: every archive
        // here newer than the newest one there (not the whole history when storage is new).
        const newestThere = Math.max(...[...there].map((n) => timeOfArchive(n)?.getTime() ?? 0));
        const owed = (await localArchives())
          .filter((n) => n === name || (there.size > 0 && (timeOfArchive(n)?.getTime() ?? 0) > newestThere))
          .filter((n) => !there.has(n))
          .reverse();
        for (const missing of owed) {
          await remote.upload(path.join(config.dir, missing), missing);
          there.add(missing);
        }
        stage = `applying the keep rule in ${remote.label}`;
        for (const doomed of archivesToDelete([...there], config.timeZone)) await remote.remove(doomed);
        where = `${where} and in ${remote.label}`;
      }
      last = { success: { at, name, size, where }, failure: null };
      logger.info('backup', { name, size, where });
    } catch (error) {
      const reason = `${stage} failed: ${error instanceof Error ? error.message : String(error)}`;
      last = { ...last, failure: { at, reason } };
      logger.error('backup', { error: reason });
      throw new Error(reason);
    } finally {
      await saveLastRun().catch((error: unknown) => logger.error('backup', { error: String(error) }));
    }
  }

  function schedule(): void {
    const next = nextRun(now(), config.time, config.timeZone);
    timer = setTimeout(() => {
      run().catch(() => {}); // recorded for the dashboard and logged
      schedule();
    }, next.getTime() - now().getTime());
  }

  /** Runs a backup now, or joins the one under way. */
  function run(): Promise<void> {
    running ??= runOnce().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    /** Reads the last outcome (or the newest archive in BACKUP_DIR) and schedules the daily run. */
    async start(): Promise<void> {
      try {
        last = lastRunSchema.parse(JSON.parse(await readFile(statusFile, 'utf8')));
      } catch {
        // First start, or the file was lost: the newest archive in the folder says enough.
        const [newest] = await localArchives();
        if (newest) {
          const { size } = await stat(path.join(config.dir, newest));
          const at = timeOfArchive(newest)?.toISOString() ?? '';
          last = { success: { at, name: newest, size, where: `in ${config.dir}` }, failure: null };
        }
      }
      schedule();
    },
    stop(): void {
      clearTimeout(timer);
    },
    run,
    status(): BackupStatus {
      const time = (iso: string) => formatReceivedTime(iso, config.timeZone);
      const { success, failure } = last;
      const next = time(nextRun(now(), config.time, config.timeZone).toISOString());
      let warning: string | null = null;
      if (failure && (!success || failure.at >= success.at))
        warning = `The last backup (${time(failure.at)}) failed: ${failure.reason}`;
      else if (success && now().getTime() - Date.parse(success.at) > STALE_AFTER_MS)
        warning = `The last backup is more than 48 hours old: the daily backup has not run since ${time(success.at)} (is the site restarted often, or the clock wrong?).`;
      else if (!success && now().getTime() - started.getTime() > STALE_AFTER_MS)
        warning = 'No backup has been made in 48 hours of running.';
      return {
        last: success
          ? { time: time(success.at), size: megabytes(success.size), where: success.where }
          : null,
        warning,
        next,
        running: running !== null,
      };
    },
  };
}

export type BackupService = ReturnType<typeof createBackupService>;
