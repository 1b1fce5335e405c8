import type { Request } from 'express';

/**
 * The site's origin for absolute URLs (canonical link, link previews, sitemap): PUBLIC_URL, or the
 * request's own origin when that is unset (req.protocol and the host honour TRUST_PROXY).
 */
export function siteOrigin(req: Request, publicUrl: string | undefined): string {
  return publicUrl ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}
