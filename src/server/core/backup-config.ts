import path from 'node:path';
import { z } from 'zod';

/**
 * The variables of the backups, validated with the rest of the configuration. Messages never
 * repeat BACKUP_S3_URL or BACKUP_PASSPHRASE: both are secrets.
 */

export interface S3Target {
  /** "https://s3.us-west-004.backblazeb2.com": scheme and host only. */
  endpoint: string;
  region: string;
  bucket: string;
  /** "" or "doodles/": prepended to every archive name. */
  prefix: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export interface BackupConfig {
  /** Where the scheduled archives are kept (its own volume in the container). */
  dir: string;
  /** The daily time of the scheduled backup, in `timeZone`. */
  time: { hour: number; minute: number; second: number };
  timeZone: string;
  passphrase: string | undefined;
  s3: S3Target | undefined;
}

const S3_EXPECTED =
  'expected https://KEY_ID:SECRET@ENDPOINT/BUCKET or https://KEY_ID:SECRET@ENDPOINT/BUCKET/PREFIX';

/** http:// only where nothing crosses a network (a test server, a MinIO beside the site). */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** S3's bucket names: 3–63 lower-case letters, digits, dots and hyphens. */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** The region the endpoint's host names (B2, AWS), "auto" for R2, else us-east-1 (MinIO ignores it). */
function regionOf(host: string): string {
  const named = host.match(/^s3[.-]([a-z0-9-]+)\.(?:backblazeb2|amazonaws|wasabisys)\.com$/);
  if (named?.[1]) return named[1];
  if (host.endsWith('.r2.cloudflarestorage.com')) return 'auto';
  return 'us-east-1';
}

function parseS3Url(text: string): S3Target | string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return `${S3_EXPECTED} (not a URL)`;
  }
  if (url.protocol === 'http:' && !LOCAL_HOSTS.has(url.hostname))
    return `${S3_EXPECTED} (http:// only for localhost, 127.0.0.1 and ::1; use https://)`;
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `${S3_EXPECTED} (scheme ${url.protocol})`;
  if (!url.username || !url.password) return `${S3_EXPECTED} (the key id and secret are missing)`;
  if (url.search || url.hash) return `${S3_EXPECTED} (no query or fragment)`;
  const [bucket = '', ...rest] = url.pathname.replace(/^\/+/, '').replace(/\/+$/, '').split('/');
  if (!BUCKET.test(bucket)) return `${S3_EXPECTED} (the bucket name is missing or not a valid bucket name)`;
  if (rest.some((part) => part === '' || part === '.' || part === '..'))
    return `${S3_EXPECTED} (the prefix has an empty, "." or ".." part)`;
  let accessKeyId: string;
  let secretAccessKey: string;
  try {
    accessKeyId = decodeURIComponent(url.username);
    secretAccessKey = decodeURIComponent(url.password);
  } catch {
    return `${S3_EXPECTED} (the key id or secret is badly percent-encoded)`;
  }
  return {
    endpoint: `${url.protocol}//${url.host}`,
    region: regionOf(url.hostname),
    bucket,
    prefix: rest.length > 0 ? `${rest.join('/')}/` : '',
    accessKeyId,
    secretAccessKey,
  };
}

const s3Url = z.string().transform((text, ctx) => {
  const parsed = parseS3Url(text);
  if (typeof parsed === 'string') {
    ctx.addIssue({ code: 'custom', message: parsed });
    return z.NEVER;
  }
  return parsed;
});

/** "03:00" or "03:00:30", 24-hour. */
const backupTime = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'expected a 24-hour time such as 03:00')
  .transform((text) => {
    const [hour = 0, minute = 0, second = 0] = text.split(':').map(Number);
    return { hour, minute, second };
  });

export const backupSchema = z.object({
  BACKUP_DIR: z.string().trim().min(1, 'expected a directory path').optional(),
  BACKUP_TIME: backupTime.default({ hour: 3, minute: 0, second: 0 }),
  BACKUP_PASSPHRASE: z
    .string()
    .min(12, 'expected at least 12 characters (a few random words)')
    .refine((text) => text.trim() === text, 'expected no spaces at the start or end')
    .optional(),
  BACKUP_S3_URL: s3Url.optional(),
});

type BackupVariables = z.infer<typeof backupSchema>;

/** DATA_DIR/../backups by default: beside the data, never inside it (a backup of backups). */
export function toBackupConfig(v: BackupVariables, dataDir: string, timeZone: string): BackupConfig {
  return {
    dir: path.resolve(v.BACKUP_DIR ?? path.join(dataDir, '..', 'backups')),
    time: v.BACKUP_TIME,
    timeZone,
    passphrase: v.BACKUP_PASSPHRASE,
    s3: v.BACKUP_S3_URL,
  };
}

/**
 * BACKUP_DIR inside DATA_DIR would put every archive into the next archive. An off-site copy is
 * always encrypted: a bucket's reader would otherwise hold her inquiries, her password's hash and
 * her authenticator's secret (decision 078).
 */
export function backupProblems(config: BackupConfig, dataDir: string): string[] {
  const problems: string[] = [];
  const relative = path.relative(dataDir, config.dir);
  if (relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative)))
    problems.push(
      'BACKUP_DIR: expected a directory outside DATA_DIR (archives inside it would be backed up too)',
    );
  if (config.s3 && config.passphrase === undefined)
    problems.push(
      'BACKUP_PASSPHRASE: expected when BACKUP_S3_URL is set (a copy that leaves this machine is always encrypted; set BACKUP_PASSPHRASE to a few random words, or unset BACKUP_S3_URL)',
    );
  return problems;
}
