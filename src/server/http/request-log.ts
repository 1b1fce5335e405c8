import type { RequestHandler } from 'express';
import type { Logger } from '../core/log';

/** One line per request once it is answered: method, path (no query string), status, duration. */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      logger.info('request', {
        method: req.method,
        path: req.originalUrl.split('?')[0],
        status: res.statusCode,
        ms: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
      });
    });
    next();
  };
}
