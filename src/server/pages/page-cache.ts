import type { NextFunction, Request, Response } from 'express';
import type { AssetManifest } from '../../shared/asset-manifest';
import type { PageState } from '../../shared/page-state';
import { matchRoute } from '../../shared/routes';
import { type CompressedBody, compressBody, sendCompressed } from './compression';
import { siteOrigin } from './origin';
import { renderPage } from './render';

/** Distinct origins whose pages are kept; beyond that (Host headers are the client's to choose) pages are rendered per request. */
const MAX_CACHED_ORIGINS = 4;

/**
 * Serves the pages of the route table. Pages carry no per-request data, so each is rendered once
 * per process (still through renderToPipeableStream), compressed once, and then served from
 * memory with an ETag (304 on a match).
 */
export function createPageHandler(manifest: AssetManifest, inlineCss: string, publicUrl: string | undefined) {
  const cache = new Map<string, Promise<CompressedBody>>();
  const origins = new Set<string>();

  function page(req: Request, pageState?: PageState): Promise<CompressedBody> {
    const route = matchRoute(req.path);
    const origin = siteOrigin(req, publicUrl);
    const render = () =>
      renderPage({ path: route.path ?? req.path, route, manifest, inlineCss, origin, pageState }).then(
        compressBody,
      );
    if (pageState) return render();
    const cacheable = origins.has(origin) || origins.size < MAX_CACHED_ORIGINS;
    if (!cacheable) return render();
    origins.add(origin);
    // Unknown paths share one cached 404 body; the path is not part of what it shows.
    const key = `${origin} ${route.path ?? '#notFound'}`;
    let body = cache.get(key);
    if (!body) {
      body = render();
      body.catch(() => cache.delete(key));
      cache.set(key, body);
    }
    return body;
  }

  return {
    /** GET handler for every page path. */
    async handle(req: Request, res: Response, next: NextFunction) {
      try {
        const body = await page(req);
        const { status } = matchRoute(req.path);
        res.status(status).type('html');
        res.setHeader('ETag', body.etag);
        res.setHeader('Cache-Control', 'no-cache');
        if (status === 200 && req.fresh) {
          res.status(304).end();
          return;
        }
        sendCompressed(req, res, body);
      } catch (error) {
        next(error);
      }
    },
    /** Renders a page with request-specific state (e.g. a scripts-off form result): never cached. */
    async renderWithState(req: Request, res: Response, pageState: PageState, status?: number) {
      const body = await page(req, pageState);
      res.status(status ?? matchRoute(req.path).status).type('html');
      res.setHeader('Cache-Control', 'no-store');
      sendCompressed(req, res, body);
    },
  };
}

export type PageHandler = ReturnType<typeof createPageHandler>;
