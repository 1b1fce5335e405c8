import { type Request, Router } from 'express';
import type { PageContent } from '../../shared/page-content';
import { cacheControl } from '../http/cache-control';
import { siteOrigin } from './origin';
import { robotsTxt, sitemapXml, webManifest } from './seo';

/** robots.txt, sitemap.xml and the web app manifest, with absolute URLs from PUBLIC_URL or the request. */
export function seoRoutes(publicUrl: string | undefined, content: () => PageContent): Router {
  const router = Router();
  const origin = (req: Request) => siteOrigin(req, publicUrl);
  router.get('/robots.txt', (req, res) => {
    res.type('text/plain').setHeader('Cache-Control', cacheControl.publicDay);
    res.send(robotsTxt(origin(req)));
  });
  router.get('/sitemap.xml', (req, res) => {
    res.type('application/xml').setHeader('Cache-Control', cacheControl.publicDay);
    res.send(sitemapXml(origin(req)));
  });
  router.get('/site.webmanifest', (_req, res) => {
    res.type('application/manifest+json').setHeader('Cache-Control', cacheControl.publicDay);
    res.send(JSON.stringify(webManifest(content())));
  });
  return router;
}
