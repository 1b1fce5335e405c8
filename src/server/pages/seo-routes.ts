import { type Request, Router } from 'express';
import { siteOrigin } from './origin';
import { robotsTxt, sitemapXml, webManifest } from './seo';

/** robots.txt, sitemap.xml and the web app manifest, with absolute URLs from PUBLIC_URL or the request. */
export function seoRoutes(publicUrl: string | undefined): Router {
  const router = Router();
  const origin = (req: Request) => siteOrigin(req, publicUrl);
  router.get('/robots.txt', (req, res) => {
    res.type('text/plain').setHeader('Cache-Control', 'public, max-age=86400');
    res.send(robotsTxt(origin(req)));
  });
  router.get('/sitemap.xml', (req, res) => {
    res.type('application/xml').setHeader('Cache-Control', 'public, max-age=86400');
    res.send(sitemapXml(origin(req)));
  });
  router.get('/site.webmanifest', (_req, res) => {
    res.type('application/manifest+json').setHeader('Cache-Control', 'public, max-age=86400');
    res.send(JSON.stringify(webManifest()));
  });
  return router;
}
