import type { RequestHandler } from 'express';
import type { AppDeps } from './app';

/** cookie-session and the admin page guard. (Being implemented by the admin issue.) */
export function sessionMiddleware(_deps: AppDeps): RequestHandler {
  return (_req, _res, next) => next();
}

/** Sends a signed-out visitor of a protected page to the login page, and a signed-in one away from it. */
export function pageAccessGuard(_deps: AppDeps): RequestHandler {
  return (_req, _res, next) => next();
}
