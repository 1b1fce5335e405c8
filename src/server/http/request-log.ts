import type { RequestHandler } from 'express';
import type { Logger } from '../core/log';

/** Writes one request's line: method, path (no query string), status, milliseconds since `started`. */
export function logRequest(
  logger: Pick<Logger, 'info'>,
  request: { method: string | undefined; path: string; status: number; started: bigint },
): void {
  logger.info('request', {
    method: request.method,
    path: request.path,
    status: request.status,
    ms: Number((process.hrtime.bigint() - request.started) / 1000n) / 1000,
  });
}

/** One line per request once it is answered (the landing hot path logs its own, the same way). */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      logRequest(logger, {
        method: req.method,
        path: withoutFamilyToken(req.originalUrl.split('?')[0] ?? '/'),
        status: res.statusCode,
        started,
      });
    });
    next();
  };
}

/** A family page's token never reaches the log: `/family/…/go-home.ics` (decision 114). */
const withoutFamilyToken = (path: string) => path.replace(/^\/family\/[^/]+/, '/family/…');
