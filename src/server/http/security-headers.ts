import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * Security headers. The policy allows no inline script at all: the page boots from an external
 * module and hands data over in a non-executable <script type="application/json">, so the same
 * cached page works without a per-response nonce.
 */
const headers = (styleHashes: string[]) =>
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // The page's own stylesheet is inlined (it arrives with the HTML); only that exact text
        // is allowed, by its hash.
        styleSrc: ["'self'", ...styleHashes.map((hash) => `'${hash}'`)],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    // HSTS only means something over HTTPS; it is added per request below.
    strictTransportSecurity: false,
    // The legacy header says what frame-ancestors 'none' says (helmet's default is SAMEORIGIN).
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  });

const hsts = helmet.strictTransportSecurity({ maxAge: 31_536_000, includeSubDomains: true });

export function securityHeaders(styleHashes: string[] = []): RequestHandler[] {
  return [
    headers(styleHashes),
    (req, res, next) => {
      if (req.secure) hsts(req, res, next);
      else next();
    },
  ];
}
