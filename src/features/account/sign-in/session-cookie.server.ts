import cookieSession from 'cookie-session';
import type { RequestHandler } from 'express';
import { SESSION_MAX_AGE_MS } from './sessions.server';

/** Not cookie-session's default name, which would tell a scanner what runs here. */
const SESSION_COOKIE = 'doodles.sid';

/**
 * Signed cookie sessions, keyed by `secret` (SESSION_SECRET, or the one kept in DATA_DIR). Secure
 * is decided per request: a cookie marked Secure over plain http://localhost would be dropped (no
 * sign-in possible), while over HTTPS, directly or behind a proxy trusted via TRUST_PROXY
 * (req.secure), it must be Secure.
 */
export function sessionCookies(secret: string): RequestHandler {
  const cookies = cookieSession({
    name: SESSION_COOKIE,
    keys: [secret],
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    maxAge: SESSION_MAX_AGE_MS,
  });
  return (req, res, next) => {
    cookies(req, res, (error?: unknown) => {
      if (error) {
        next(error);
        return;
      }
      req.sessionOptions.secure = req.secure;
      next();
    });
  };
}
