import type { RequestHandler } from 'express';
import type { Records } from '../../storage/records';

/** GET /healthz: 200 while the data directory can be read and written, 503 when it cannot. */
export function healthCheck(store: Records): RequestHandler {
  return async (_req, res) => {
    const healthy = await store.isHealthy();
    res.status(healthy ? 200 : 503).json({ status: healthy ? 'ok' : 'unavailable' });
  };
}
