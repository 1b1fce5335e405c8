import type { NextFunction, Request, Response } from 'express';
import type { PageState } from '../shared/page-state';
import { matchRoute } from '../shared/routes';
import type { AssetManifest } from './assets';
import { type RenderedPage, renderPage } from './render';

/**
 * Serves the pages of the route table. A page without per-request data is rendered once per
 * process and then served from memory with an ETag (304 on a match).
 */
export function createPageHandler(manifest: AssetManifest) {
  const cache = new Map<string, Promise<RenderedPage>>();

  function cachedPage(path: string): Promise<RenderedPage> {
    const route = matchRoute(path);
    // Unknown paths share one cached 404 body; the path is not part of what it shows.
    const key = route.id === 'notFound' ? '#notFound' : (route.path ?? path);
    let page = cache.get(key);
    if (!page) {
      page = renderPage(route.path ?? path, route, manifest);
      page.catch(() => cache.delete(key));
      cache.set(key, page);
    }
    return page;
  }

  function send(req: Request, res: Response, page: RenderedPage, cacheable: boolean) {
    res.status(page.status).type('html');
    if (cacheable) {
      res.setHeader('ETag', page.etag);
      res.setHeader('Cache-Control', 'no-cache');
      if (page.status === 200 && req.headers['if-none-match'] === page.etag) {
        res.status(304).end();
        return;
      }
    } else {
      res.setHeader('Cache-Control', 'no-store');
    }
    res.send(page.body);
  }

  return {
    /** GET handler for every page path. */
    async handle(req: Request, res: Response, next: NextFunction) {
      try {
        send(req, res, await cachedPage(req.path), true);
      } catch (error) {
        next(error);
      }
    },
    /** Renders a page with request-specific state (e.g. a scripts-off form result): never cached. */
    async renderWithState(req: Request, res: Response, pageState: PageState, status?: number) {
      const route = matchRoute(req.path);
      const page = await renderPage(route.path ?? req.path, route, manifest, pageState);
      send(req, res, { ...page, status: status ?? page.status }, false);
    },
  };
}

export type PageHandler = ReturnType<typeof createPageHandler>;
