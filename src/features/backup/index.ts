/**
 * The backups (the server side): what start-up and the composition wire. Its card on the
 * dashboard is in admin/; the CLI (scripts/backup.ts, scripts/restore.ts) uses its modules.
 */

export { backupApi } from './backup-routes.server';
export { type BackupService, createBackupService } from './backup-service.server';
export { listenControlSocket } from './control-socket.server';
export { makeBackup } from './make-backup.server';
export { s3Store } from './s3-store.server';
export { saveArchive } from './save-archive.server';
