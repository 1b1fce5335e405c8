import type { RequestHandler } from 'express';
import helmet from 'helmet';
import { captureHeaders } from './fixed-headers';

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

export interface SecurityHeaders {
  /** Every answer's headers, as [name, value]: for the hot path that writes them itself. */
  fixed: [string, string][];
  /** HSTS, for answers over HTTPS only ([name, value, …] as writeHead takes it). */
  overHttps: string[];
  /** Sets both on an answer going through Express. */
  middleware: RequestHandler;
}

/**
 * helmet decides the headers; they are the same for every request, so they are captured once
 * here and set from a list instead of running helmet's eleven middlewares per request.
 */
export function securityHeaders(styleHashes: string[] = []): SecurityHeaders {
  const fixed = captureHeaders(headers(styleHashes));
  const https = captureHeaders(hsts);
  return {
    fixed,
    overHttps: https.flat(),
    middleware: (req, res, next) => {
      for (const [name, value] of fixed) res.setHeader(name, value);
      if (req.secure) for (const [name, value] of https) res.setHeader(name, value);
      next();
    },
  };
}
