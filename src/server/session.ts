import cookieSession from 'cookie-session';
import type { RequestHandler, Response } from 'express';
import { matchRoute, paths } from '../shared/routes';
import type { AppDeps } from './app';
import { SESSION_MAX_AGE_MS, Sessions } from './auth/sessions';

/** Not cookie-session's default name, which would tell a scanner what runs here. */
export const SESSION_COOKIE = 'doodles.sid';

const perApp = new WeakMap<AppDeps, Sessions>();

/** The one Sessions of an app (its revoked ids are shared by the guard and the API). */
export function sessionsOf(deps: AppDeps): Sessions {
  let sessions = perApp.get(deps);
  if (!sessions) {
    sessions = new Sessions(deps.store);
    perApp.set(deps, sessions);
  }
  return sessions;
}

/**
 * Signed cookie sessions. Secure is decided per request: a cookie marked Secure over plain
 * http://localhost would be dropped (no sign-in possible), while over HTTPS, directly or behind a
 * proxy trusted via TRUST_PROXY (req.secure), it must be Secure.
 */
export function sessionMiddleware(deps: AppDeps): RequestHandler {
  const cookies = cookieSession({
    name: SESSION_COOKIE,
    keys: [deps.sessionSecret],
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

/** Sends a signed-out visitor of a protected page to the login page, and a signed-in one away from it. */
export function pageAccessGuard(deps: AppDeps): RequestHandler {
  const sessions = sessionsOf(deps);
  return async (req, res, next) => {
    const { access } = matchRoute(req.path);
    if (access === 'public') {
      next();
      return;
    }
    const user = await sessions.currentUser(req);
    if (access === 'protected' && !user) redirect(res, paths.login);
    else if (access === 'guestOnly' && user) redirect(res, paths.admin);
    else next();
  };
}

/** The answer depends on the cookie: no cache may keep it. */
function redirect(res: Response, to: string): void {
  res.setHeader('Cache-Control', 'no-store');
  res.redirect(303, to);
}
