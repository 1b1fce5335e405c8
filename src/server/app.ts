import express, { type ErrorRequestHandler } from 'express';
import { paths } from '../shared/routes';
import type { Store } from '../storage/store';
import { authApi } from './api/auth';
import { inquiriesApi } from './api/inquiries';
import { jsonBody } from './api/json-body';
import { type AssetManifest, loadInlineStyles } from './assets';
import type { Config } from './config';
import { contactFormRoutes } from './contact-form';
import { healthCheck } from './health';
import type { Logger } from './log';
import { createPageHandler } from './pages';
import { limitUrlLength } from './request-limits';
import { requestLog } from './request-log';
import { sameOriginOnly } from './same-origin';
import { securityHeaders } from './security';
import { seoRoutes } from './seo-routes';
import { pageAccessGuard, sessionMiddleware } from './session';
import { staticFiles } from './static-files';
import { unmatchedRequest } from './unmatched';

export interface AppDeps {
  config: Config;
  store: Store;
  manifest: AssetManifest;
  /** Signs session cookies: SESSION_SECRET, or the one generated and kept in DATA_DIR. */
  sessionSecret: string;
  logger: Logger;
}

/** Builds the Express app; main.ts is the only place that listens. Middleware in reading order. */
export function createApp(deps: AppDeps) {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.config.trustProxy);
  app.use(requestLog(deps.logger));
  app.use(limitUrlLength);
  const styles = loadInlineStyles(deps.manifest);
  app.use(securityHeaders([styles.hash]));
  app.get('/healthz', healthCheck(deps.store));

  // The landing page is the hot path: served from memory before any other routing.
  const pages = createPageHandler(deps.manifest, styles.css, deps.config.publicUrl);
  app.get(paths.landing, (req, res, next) =>
    req.url === paths.landing ? pages.handle(req, res, next) : next(),
  );

  app.use(staticFiles());
  app.use(seoRoutes(deps.config));

  // Only the API and the admin pages read a session; the public page needs no cookie work.
  app.use(['/api', '/admin'], sessionMiddleware(deps));

  app.use('/api', sameOriginOnly());
  app.use('/api', jsonBody());
  app.use('/api', inquiriesApi(deps));
  app.use('/api', authApi(deps));
  app.use('/api', (_req, res) => {
    res.status(404).json({ message: 'No such API endpoint.' });
  });

  app.use(contactFormRoutes(deps, pages));
  app.get('/{*splat}', pageAccessGuard(deps), pages.handle);
  app.use(unmatchedRequest);

  app.use(errorHandler);
  return app;
}

/** Errors become JSON `{ message }` for /api and a short page elsewhere; no stack ever leaves. */
const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  const status =
    typeof error?.status === 'number' && error.status >= 400 && error.status < 600 ? error.status : 500;
  if (status >= 500) console.error(error instanceof Error ? error.stack : error);
  if (res.headersSent) return;
  const message = status >= 500 ? 'Something went wrong. Please try again.' : clientMessage(error, status);
  if (req.path.startsWith('/api/')) res.status(status).json({ message });
  else res.status(status).type('text').send(message);
};

function clientMessage(error: { type?: string; expose?: boolean; message?: string }, status: number): string {
  if (error.type === 'entity.too.large') return 'The request body is too large.';
  if (error.type === 'entity.parse.failed') return 'The request body is not a valid JSON object.';
  if (status === 404) return 'Not found.';
  return error.expose && error.message ? error.message : 'The request could not be processed.';
}
