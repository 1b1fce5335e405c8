/** The words of the dashboard's backups card. */
export const backupText = {
  title: 'Backups',
  /** "Last backup: Nov 26, 2026 at 3:00 AM MST (7.8 MB), in /backups and in S3 bucket doodles." (a sentence: the next one follows) */
  last: (time: string, size: string, where: string) => `Last backup: ${time} (${size}), ${where}.`,
  none: (next: string) => `No backup yet. The first one runs ${next}.`,
  next: (next: string) => `The next one runs ${next}.`,
  warningTitle: 'Backups need attention',
  download: 'Download backup',
  now: 'Back up now',
  running: 'A backup is being made…',
  doneTitle: 'Backup made',
  failedTitle: 'The backup failed',
} as const;
