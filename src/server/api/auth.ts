import { type RequestHandler, type Response, Router } from 'express';
import type { Inquiry, PublicUser } from '../../shared/api';
import { fieldErrors, loginSchema } from '../../shared/schemas';
import type { User } from '../../storage/store';
import { normalizeUsername } from '../../storage/user-file';
import type { AppDeps } from '../app';
import { verifyPassword } from '../auth/passwords';
import { clientKey, LOGIN_FAILURE_LIMIT, LOGIN_WINDOW_MS, LoginThrottle } from '../login-throttle';
import { sessionsOf } from '../session';

export const INVALID_CREDENTIALS = 'Invalid username or password';
export const NOT_SIGNED_IN = 'You are not signed in.';

const toPublicUser = ({ id, username }: User): PublicUser => ({ id, username });

/** Only the fields the dashboard shows, whatever else the store may keep. */
const toListedInquiry = ({ id, name, email, phone, puppy, message, createdAt }: Inquiry): Inquiry => ({
  id,
  name,
  email,
  phone,
  puppy,
  message,
  createdAt,
});

/** Answers about who is signed in, or private data, must never come from a cache. */
const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

function tooManyAttempts(res: Response, waitMs: number): void {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const minutes = Math.ceil(seconds / 60);
  res.setHeader('Retry-After', String(seconds));
  res.status(429).json({
    message: `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    retryAfter: seconds,
  });
}

/** POST /api/login, POST /api/logout, GET /api/user, GET /api/inquiries. */
export function authApi(deps: AppDeps): Router {
  const router = Router();
  const sessions = sessionsOf(deps);
  const throttle = new LoginThrottle({ limit: LOGIN_FAILURE_LIMIT, windowMs: LOGIN_WINDOW_MS });

  router.post('/login', noStore, async (req, res) => {
    const parsed = loginSchema.safeParse(req.body ?? {});
    if (!parsed.success) {
      res.status(400).json({ message: 'Enter your email and password.', errors: fieldErrors(parsed.error) });
      return;
    }
    const { username, password } = parsed.data;
    const userKey = `user:${normalizeUsername(username)}`;
    const keys = [userKey, clientKey(req.ip)];
    const waitMs = throttle.lockedFor(keys);
    if (waitMs > 0) {
      deps.logger.info('login', { outcome: 'throttled' });
      tooManyAttempts(res, waitMs);
      return;
    }
    throttle.count(keys);
    const user = await deps.store.findUserByUsername(username);
    const valid = await verifyPassword(password, user?.passwordHash);
    if (!user || !valid) {
      deps.logger.info('login', { outcome: 'failed' });
      res.status(401).json({ message: INVALID_CREDENTIALS });
      return;
    }
    throttle.clear(userKey);
    for (const key of keys.slice(1)) throttle.forgive(key);
    sessions.signIn(req, user);
    deps.logger.info('login', { outcome: 'ok' });
    res.json(toPublicUser(user));
  });

  router.post('/logout', noStore, (req, res) => {
    sessions.signOut(req);
    res.json({ message: 'Logged out' });
  });

  router.get('/user', noStore, async (req, res) => {
    const user = await sessions.currentUser(req);
    if (user) res.json(toPublicUser(user));
    else res.status(401).json({ message: NOT_SIGNED_IN });
  });

  router.get('/inquiries', noStore, async (req, res) => {
    if (!(await sessions.currentUser(req))) {
      res.status(401).json({ message: NOT_SIGNED_IN });
      return;
    }
    res.json((await deps.store.listInquiries()).map(toListedInquiry));
  });

  return router;
}
