import type { RequestHandler } from 'express';
import { paths } from '../../shared/routes';
import type { Logger } from '../core/log';
import { cacheControl } from '../http/cache-control';
import type { SecurityHeaders } from '../http/security-headers';
import type { CompressedBody } from './compression';
import type { PageHandler } from './page-cache';
import { type PreparedPage, preparePage, sendPrepared } from './prepared-page';

interface LandingFastPathOptions {
  pages: Pick<PageHandler, 'renderedLanding'>;
  security: Pick<SecurityHeaders, 'fixed' | 'overHttps'>;
  logger: Pick<Logger, 'info'>;
}

/**
 * GET / is most of the traffic and the same bytes for everyone, so it is answered first, before
 * any other middleware, with one writeHead and one end: the headers every answer carries (the
 * security headers, the public cache policy) and each encoding's bytes are prepared once per
 * rendering. Anything else, including `/?…` and the very first request for an origin (which
 * renders the page), goes on to the app. Logged like every request.
 */
export function landingFastPath({ pages, security, logger }: LandingFastPathOptions): RequestHandler {
  const headers: [string, string][] = [...security.fixed, ['Cache-Control', cacheControl.publicPage]];
  const prepared = new WeakMap<CompressedBody, PreparedPage>();
  return (req, res, next) => {
    if (req.url !== paths.landing || (req.method !== 'GET' && req.method !== 'HEAD')) {
      next();
      return;
    }
    const body = pages.renderedLanding(req);
    if (!body) {
      next();
      return;
    }
    const started = process.hrtime.bigint();
    let page = prepared.get(body);
    if (!page) {
      page = preparePage(body, 200, headers);
      prepared.set(body, page);
    }
    const status = sendPrepared(req, res, page, req.secure ? security.overHttps : []);
    logger.info('request', {
      method: req.method,
      path: paths.landing,
      status,
      ms: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
    });
  };
}
