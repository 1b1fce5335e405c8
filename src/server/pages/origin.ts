import type { IncomingMessage } from 'node:http';
import type { Request } from 'express';

/** Express's compiled TRUST_PROXY (app.get('trust proxy fn')): is the hop at `index` a trusted proxy? */
export type TrustProxy = (address: string | undefined, index: number) => boolean;

/**
 * The site's origin for absolute URLs (canonical link, link previews, sitemap): PUBLIC_URL, or the
 * request's own origin when that is unset (req.protocol and the host honour TRUST_PROXY).
 */
export function siteOrigin(req: Request, publicUrl: string | undefined): string {
  return originOf(req.protocol, req.get('host'), publicUrl);
}

/** siteOrigin from its parts, for a request Express has not seen (see rawProtocol). */
export function originOf(protocol: string, host: string | undefined, publicUrl: string | undefined): string {
  return publicUrl ?? `${protocol}://${host ?? 'localhost'}`;
}

/**
 * req.protocol for a request Express has not seen (the landing hot path runs before it): the
 * socket's, or a trusted proxy's X-Forwarded-Proto (first value), the same rule Express applies.
 */
export function rawProtocol(req: IncomingMessage, trust: TrustProxy): string {
  const own = 'encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http';
  if (!trust(req.socket.remoteAddress, 0)) return own;
  const forwarded = req.headers['x-forwarded-proto'];
  const header = (Array.isArray(forwarded) ? forwarded[0] : forwarded) || own;
  const comma = header.indexOf(',');
  return (comma === -1 ? header : header.slice(0, comma)).trim();
}
