import type { IncomingMessage, ServerResponse } from 'node:http';
import { paths } from '../../shared/routes';
import type { Logger } from '../core/log';
import { cacheControl } from '../http/cache-control';
import { logRequest } from '../http/request-log';
import type { SecurityHeaders } from '../http/security-headers';
import type { CompressedBody } from './compression';
import { originOf, rawProtocol, type TrustProxy } from './origin';
import type { PageHandler } from './page-cache';
import { type PreparedPage, preparePage, sendPrepared } from './prepared-page';

interface LandingFastPathOptions {
  pages: Pick<PageHandler, 'renderedLanding'>;
  security: Pick<SecurityHeaders, 'fixed' | 'overHttps'>;
  logger: Pick<Logger, 'info'>;
  /** PUBLIC_URL, if set: the origin every page is rendered for. */
  publicUrl: string | undefined;
  /** TRUST_PROXY as Express compiled it, so X-Forwarded-Proto counts exactly when it does there. */
  trust: TrustProxy;
}

/** Answers the request and returns true, or returns false and leaves it to the app. */
export type FastPath = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * GET / is most of the traffic and the same bytes for everyone, so it is answered before Express
 * sees the request (decision 041): Express's request setup alone (it swaps the prototypes of req
 * and res, which leaves Node's own response code on slower paths) costs more than the rest of the
 * answer. One writeHead and one end: the headers every answer carries (the security headers, the
 * public cache policy) and each encoding's bytes are prepared once per rendering. Anything else,
 * including `/?…` and the very first request for an origin (which renders the page), goes on to
 * the app. Logged like every request.
 */
export function landingFastPath({
  pages,
  security,
  logger,
  publicUrl,
  trust,
}: LandingFastPathOptions): FastPath {
  const headers: [string, string][] = [...security.fixed, ['Cache-Control', cacheControl.publicPage]];
  const prepared = new WeakMap<CompressedBody, PreparedPage>();
  return (req, res) => {
    if (req.url !== paths.landing || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    const protocol = rawProtocol(req, trust);
    const body = pages.renderedLanding(originOf(protocol, req.headers.host, publicUrl));
    if (!body) return false;
    const started = process.hrtime.bigint();
    let page = prepared.get(body);
    if (!page) {
      page = preparePage(body, 200, headers);
      prepared.set(body, page);
    }
    const status = sendPrepared(req, res, page, protocol === 'https' ? security.overHttps : []);
    logRequest(logger, { method: req.method, path: paths.landing, status, started });
    return true;
  };
}
