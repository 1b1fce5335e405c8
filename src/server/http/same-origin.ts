import type { Request, RequestHandler } from 'express';
import { sendError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const SAME_ORIGIN_FETCH_SITES = new Set(['same-origin', 'none']);

const CROSS_ORIGIN_MESSAGE = 'Requests from other sites are not accepted.';

/**
 * Refuses (403) a state-changing request that a browser says comes from another origin, so a
 * page elsewhere cannot post to the API with the admin's cookie. Browsers send Sec-Fetch-Site
 * and/or Origin on such requests; clients without either (curl, scripts) are not browsers
 * carrying someone's cookie, and pass. JSON bodies are required separately (jsonBody, 415).
 */
export function sameOriginOnly(): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || isSameOrigin(req)) {
      next();
      return;
    }
    // Also guards the scripts-off contact form (POST /), whose errors are text like other pages'.
    sendError(req, res, 403, CROSS_ORIGIN_MESSAGE);
  };
}

/**
 * 403 for any request, reads included, that a browser says comes from another site: for private
 * answers a link elsewhere must not fetch or download with the admin's cookie (a top-level
 * navigation carries a SameSite=Lax cookie).
 */
export function sameOriginReads(): RequestHandler {
  return (req, res, next) => {
    if (isSameOrigin(req)) {
      next();
      return;
    }
    sendError(req, res, 403, CROSS_ORIGIN_MESSAGE);
  };
}

function isSameOrigin(req: Request): boolean {
  const fetchSite = req.get('Sec-Fetch-Site');
  if (fetchSite !== undefined && !SAME_ORIGIN_FETCH_SITES.has(fetchSite.toLowerCase())) return false;
  const origin = req.get('Origin');
  if (origin === undefined) return true;
  return originHost(origin) === requestHost(origin, req.host);
}

/** The origin's host[:port], or null for "null" and anything unparsable (never equal to a host). */
function originHost(origin: string): string | null {
  try {
    const url = new URL(origin);
    return url.origin === 'null' ? null : url.host;
  } catch {
    return null;
  }
}

/**
 * The host the request was sent to (req.host honours X-Forwarded-Host only behind a trusted
 * proxy), normalised like the origin's, so "example.com:443" equals "https://example.com".
 */
function requestHost(origin: string, host: string | undefined): string | undefined {
  if (!host) return undefined;
  try {
    return new URL(`${new URL(origin).protocol}//${host}`).host;
  } catch {
    return undefined;
  }
}
