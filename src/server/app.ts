import express, { type ErrorRequestHandler } from 'express';
import type { Store } from '../storage/store';
import { type AssetManifest, builtPublicDir, staticPublicDir } from './assets';
import type { Config } from './config';
import { createPageHandler } from './pages';

export interface AppDeps {
  config: Config;
  store: Store;
  manifest: AssetManifest;
}

const YEAR_SECONDS = 31_536_000;

/** Builds the Express app; main.ts is the only place that listens. Middleware in reading order. */
export function createApp({ manifest }: AppDeps) {
  const app = express();
  app.disable('x-powered-by');

  // Content-hashed build output never changes under its name.
  app.use(
    '/assets',
    express.static(`${builtPublicDir}/assets`, {
      index: false,
      fallthrough: false,
      setHeaders: (res) => res.setHeader('Cache-Control', `public, max-age=${YEAR_SECONDS}, immutable`),
    }),
  );
  app.use(express.static(staticPublicDir, { index: false, maxAge: '1d' }));

  const pages = createPageHandler(manifest);
  app.get('/{*splat}', pages.handle);

  const onError: ErrorRequestHandler = (error, req, res, _next) => {
    const status =
      typeof error?.status === 'number' && error.status >= 400 && error.status < 600 ? error.status : 500;
    if (status >= 500) console.error(error);
    if (res.headersSent) return;
    if (req.path.startsWith('/api/')) {
      res
        .status(status)
        .json({ message: status >= 500 ? 'Something went wrong. Please try again.' : String(error.message) });
    } else {
      res
        .status(status)
        .type('text')
        .send(status === 404 ? 'Not found' : 'Something went wrong. Please try again.');
    }
  };
  app.use(onError);
  return app;
}
