/** GET /api/backup: the dashboard's one line about the backups. */
export interface BackupStatus {
  /** The newest archive made (or found in BACKUP_DIR), null when there is none yet. */
  last: {
    /** "Nov 26, 2026 at 3:00 AM MST", in the site's time zone. */
    time: string;
    /** "7.8 MB" */
    size: string;
    /** "in /backups and in S3 bucket doodle-backups": where copies of it are. */
    where: string;
  } | null;
  /** Set when the breeder should act: the last run failed, or the last backup is too old. */
  warning: string | null;
  /** When the next scheduled backup runs ("Nov 27, 2026 at 3:00 AM MST"). */
  next: string;
  /** A backup is being made right now. */
  running: boolean;
}
