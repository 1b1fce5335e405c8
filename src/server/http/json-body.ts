import express, { type RequestHandler } from 'express';
import { sendError } from './errors';

/** Inquiries are small: anything larger is refused with 413 before it is parsed. */
const JSON_BODY_LIMIT = '16kb';
/**
 * The site editor's draft is the whole page's text: about 15 KB at every limit in plain ASCII,
 * up to three times that in accented letters or typographic quotes (3 bytes each in UTF-8).
 * Parsing 64 KB of JSON costs well under a millisecond.
 */
const LARGE_BODIES = new Map([
  ['/site/draft', '64kb'],
  // The agreement's text: at most 30,000 characters, three bytes each at worst.
  ['/contracts/template/draft', '128kb'],
]);
/** Her drawn signature travels as a PNG data URL (at most 200 KB of PNG: src/features/contracts/signature-image.server.ts). */
const SIGNATURE_PATH = /^\/contracts\/[^/]+\/sign$/;
const SIGNATURE_LIMIT = '300kb';

/**
 * Parses JSON bodies of API requests. A state-changing request whose body is not declared as
 * JSON is refused with 415: it keeps simple cross-site form posts away from the API too.
 * Parse errors (400, 413) carry a status and reach the app's error handler as JSON.
 */
export function jsonBody(): RequestHandler[] {
  const requireJson: RequestHandler = (req, res, next) => {
    const hasBody =
      req.method !== 'GET' && req.method !== 'HEAD' && Number(req.headers['content-length'] ?? 0) > 0;
    if ((hasBody || req.headers['transfer-encoding']) && !req.is('application/json')) {
      sendError(req, res, 415, 'Send the request body as JSON (Content-Type: application/json).');
      return;
    }
    next();
  };
  const small = express.json({ limit: JSON_BODY_LIMIT, strict: true });
  const large = new Map(
    [...LARGE_BODIES].map(([path, limit]) => [path, express.json({ limit, strict: true })]),
  );
  const signature = express.json({ limit: SIGNATURE_LIMIT, strict: true });
  const parse: RequestHandler = (req, res, next) =>
    (large.get(req.path) ?? (SIGNATURE_PATH.test(req.path) ? signature : small))(req, res, next);
  return [requireJson, parse];
}
