import { sendError } from '../../server/http/errors';
import { type AdminRoutes, Refused } from '../../server/http/pipeline';
import type { BackupStatus } from './backup';
import type { BackupService } from './backup-service.server';
import type { makeBackup } from './make-backup.server';

/**
 * The dashboard's backups, on the admin pipeline (signed-in, and from this site only: the archive
 * holds everything, so a link on another site must not download it with her cookie):
 * GET /api/backup (the one line), POST /api/backup ("Back up now": the daily run, now) and
 * GET /api/backup/download (a fresh archive, streamed as it is made: a 1 GB photo folder is never
 * held in memory).
 */
export function backupApi(
  api: AdminRoutes,
  deps: {
    service: Pick<BackupService, 'status' | 'run'>;
    newBackup: () => ReturnType<typeof makeBackup>;
    onError: (error: unknown) => void;
  },
): void {
  // One download at a time: each one reads every photo; a second is refused, not queued.
  let downloading = false;

  api.get('/backup', (_req, res) => {
    res.json(deps.service.status() satisfies BackupStatus);
  });

  api.post('/backup', async (req, res) => {
    try {
      await deps.service.run();
      res.json(deps.service.status() satisfies BackupStatus);
    } catch (error) {
      // The reason is on the dashboard's line too; the answer says it at once.
      sendError(req, res, 503, error instanceof Error ? error.message : String(error));
    }
  });

  api.get('/backup/download', async (req, res) => {
    if (downloading) throw new Refused(429, 'A backup is already being downloaded: wait for it to finish.');
    downloading = true;
    try {
      const { name, stream } = await deps.newBackup();
      res.status(200);
      res.setHeader('Content-Type', name.endsWith('.age') ? 'application/octet-stream' : 'application/gzip');
      res.setHeader('Content-Disposition', `attachment; filename="${name}"`);
      stream.on('error', (error) => {
        deps.onError(error);
        // Cut off mid-way: the browser reports a failed download, never a whole-looking file.
        res.destroy(error);
      });
      res.on('close', () => {
        downloading = false;
        stream.destroy();
      });
      stream.pipe(res);
    } catch (error) {
      downloading = false;
      deps.onError(error);
      sendError(req, res, 503, 'The backup could not be made: see the server log.');
    }
  });
}
