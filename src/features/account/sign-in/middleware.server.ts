import type { RequestHandler, Response } from 'express';
import { matchRoute, paths } from '../../../shared/routes';
import { NOT_SIGNED_IN } from '../sign-in';
import type { Sessions } from './sessions.server';

/**
 * Lets an API request through only for a signed-in user, left in `res.locals.user` for the
 * handlers (`signedInUser`, so none looks them up again); 401 `{ message }` otherwise.
 */
export function requireUser(sessions: Sessions): RequestHandler {
  return async (req, res, next) => {
    const user = await sessions.currentUser(req);
    if (!user) {
      res.status(401).json({ message: NOT_SIGNED_IN });
      return;
    }
    res.locals.user = user;
    next();
  };
}

/** Sends a signed-out visitor of a protected page to the login page, and a signed-in one away from it. */
export function pageAccessGuard(sessions: Sessions): RequestHandler {
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

/** The answer depends on the cookie: no cache may keep it (privateByDefault has said so). */
function redirect(res: Response, to: string): void {
  res.redirect(303, to);
}
