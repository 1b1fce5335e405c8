import { type RequestHandler, Router } from 'express';
import type { HttpsOff, HttpsStatus } from '../../shared/https';

/**
 * GET /api/https: how the site's own certificate is doing (with DOMAIN set), for the dashboard's
 * warning; `{ domain: null }` without DOMAIN. Signed-in administrator only, never cached.
 */
export function httpsApi(deps: {
  status: () => HttpsStatus | HttpsOff;
  requireUser: RequestHandler;
  sameOriginReads: RequestHandler;
}): Router {
  const router = Router();
  router.get('/https', deps.sameOriginReads, deps.requireUser, (_req, res) => {
    res.json(deps.status());
  });
  return router;
}
