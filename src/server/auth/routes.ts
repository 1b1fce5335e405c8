import { type RequestHandler, Router } from 'express';
import type { PublicUser } from '../../shared/api';
import { fieldErrors, loginSchema } from '../../shared/schemas';
import { INVALID_CREDENTIALS, NOT_SIGNED_IN } from '../../shared/sign-in';
import type { Store, User } from '../../storage/store';
import { normalizeUsername } from '../../storage/user-file';
import type { Logger } from '../core/log';
import { createLoginThrottle } from './login-throttle';
import { verifyPassword } from './passwords';
import type { Sessions } from './sessions';

interface AuthRoutesOptions {
  store: Pick<Store, 'findUserByUsername'>;
  logger: Pick<Logger, 'info'>;
  sessions: Sessions;
}

interface Credentials {
  username: string;
  password: string;
}

const toPublicUser = ({ id, username }: User): PublicUser => ({ id, username });

/** A body that is not a username and a password is answered 400 and not counted as an attempt. */
const requireCredentials: RequestHandler = (req, res, next) => {
  const parsed = loginSchema.safeParse(req.body ?? {});
  if (parsed.success) {
    req.body = parsed.data satisfies Credentials;
    next();
  } else {
    res.status(400).json({ message: 'Enter your email and password.', errors: fieldErrors(parsed.error) });
  }
};

/** POST /api/login, POST /api/logout, GET /api/user. */
export function authRoutes({ store, logger, sessions }: AuthRoutesOptions): Router {
  const router = Router();
  const throttle = createLoginThrottle({
    username: (req) => normalizeUsername((req.body as Credentials).username),
    logger,
  });

  router.post('/login', requireCredentials, ...throttle.guard, async (req, res) => {
    const { username, password } = req.body as Credentials;
    const user = await store.findUserByUsername(username);
    const valid = await verifyPassword(password, user?.passwordHash);
    if (!user || !valid) {
      logger.info('login', { outcome: 'failed' });
      res.status(401).json({ message: INVALID_CREDENTIALS });
      return;
    }
    await throttle.succeeded(req);
    await sessions.signIn(req, user);
    logger.info('login', { outcome: 'ok' });
    res.json(toPublicUser(user));
  });

  router.post('/logout', async (req, res) => {
    await sessions.signOut(req);
    res.json({ message: 'Logged out' });
  });

  router.get('/user', async (req, res) => {
    const user = await sessions.currentUser(req);
    if (user) res.json(toPublicUser(user));
    else res.status(401).json({ message: NOT_SIGNED_IN });
  });

  return router;
}
