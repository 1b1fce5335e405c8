import type { HttpsOff, HttpsStatus } from '../../shared/https';
import type { AdminRoutes } from '../http/pipeline';

/**
 * GET /api/https: how the site's own certificate is doing (with DOMAIN set), for the dashboard's
 * warning; `{ domain: null }` without DOMAIN. Signed-in administrator only (the admin pipeline),
 * never cached.
 */
export function httpsApi(api: AdminRoutes, deps: { status: () => HttpsStatus | HttpsOff }): void {
  api.get('/https', (_req, res) => {
    res.json(deps.status());
  });
}
