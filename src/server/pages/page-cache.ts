import type { NextFunction, Request, Response } from 'express';
import type { AssetManifest } from '../../shared/asset-manifest';
import type { PageState } from '../../shared/page-state';
import { matchRoute, paths } from '../../shared/routes';
import { cacheControl } from '../http/cache-control';
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
  /** What each cached rendering resolved to, for the hot path, which cannot wait on a promise. */
  const settled = new WeakMap<Promise<CompressedBody>, CompressedBody>();
  const keyOf = (origin: string, path: string | null) => `${origin} ${path ?? '#notFound'}`;
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
    const key = keyOf(origin, route.path);
    let body = cache.get(key);
    if (!body) {
      const rendering = render();
      rendering.then(
        (done) => settled.set(rendering, done),
        () => cache.delete(key),
      );
      cache.set(key, rendering);
      body = rendering;
    }
    return body;
  }

  return {
    /** The landing page for this request's origin, if it is rendered already (else undefined). */
    renderedLanding(req: Request): CompressedBody | undefined {
      const rendering = cache.get(keyOf(siteOrigin(req, publicUrl), paths.landing));
      return rendering && settled.get(rendering);
    },
    /** GET handler for every page path. */
    async handle(req: Request, res: Response, next: NextFunction) {
      try {
        const body = await page(req);
        const { id, status } = matchRoute(req.path);
        res.status(status).type('html');
        res.setHeader('ETag', body.etag);
        // Only the public page is the same for everyone; the login and admin shells stay private.
        res.setHeader(
          'Cache-Control',
          id === 'landing' ? cacheControl.publicPage : cacheControl.privateNoStore,
        );
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
      res.setHeader('Cache-Control', cacheControl.privateNoStore);
      sendCompressed(req, res, body);
    },
  };
}

export type PageHandler = ReturnType<typeof createPageHandler>;
