import { type RequestHandler, Router } from 'express';
import type { Logger } from '../../../server/core/log';
import type { PublicUser } from '../../../shared/api';
import { codeSchema, fieldErrors, loginSchema, secondStepMessages } from '../../../shared/schemas';
import type { Records, User } from '../../../storage/records';
import type { AccountChanges } from '../change-notices.server';
import type { NewDeviceAlerts } from '../new-device.server';
import type { Passkeys } from '../passkeys.server';
import {
  INVALID_CREDENTIALS,
  NO_SECOND_STEP,
  NOT_SIGNED_IN,
  PASSKEY_FAILED,
  SECOND_STEP_EXPIRED,
  type SecondStepOwed,
  WRONG_CODE,
} from '../sign-in';
import type { TwoStep } from '../two-step.server';
import type { LoginThrottle } from './login-throttle.server';
import { verifyPassword } from './passwords.server';
import type { Sessions } from './sessions.server';

interface AuthRoutesOptions {
  store: Pick<Records, 'findUserByUsername'>;
  logger: Pick<Logger, 'info'>;
  sessions: Sessions;
  /** One throttle for passwords and second-step codes alike (see signInThrottle). */
  throttle: LoginThrottle;
  twoStep: Pick<TwoStep, 'isOn' | 'verify'>;
  passkeys: Pick<Passkeys, 'authenticationOptions' | 'ownerOf' | 'authenticate'>;
  findUserById: (id: string) => Promise<User | undefined>;
  /** Remembers the browser, and tells her by email of one not seen before (decision 104). */
  alerts: Pick<NewDeviceAlerts, 'signedIn'>;
  /** Tells her by email when a recovery code is used (issue 32). */
  accountChanges: Pick<AccountChanges, 'changed'>;
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

/** A body that is not `{ code }` is answered 400 and not counted as an attempt. */
const requireCode: RequestHandler = (req, res, next) => {
  const parsed = codeSchema.safeParse(req.body ?? {});
  if (parsed.success) {
    req.body = parsed.data;
    next();
  } else {
    res.status(400).json({ message: secondStepMessages.codeRequired, errors: fieldErrors(parsed.error) });
  }
};

/**
 * POST /api/login, POST /api/login/code, POST /api/logout, GET /api/user. With the authenticator
 * app on, a right password gives no session: the cookie only says whose second step is owed, for
 * five minutes, and only POST /api/login/code with a good code turns it into a session
 * (decision 102). Every API that needs a user answers 401 until then.
 */
export function authRoutes(options: AuthRoutesOptions): Router {
  const { store, logger, sessions, throttle, twoStep, alerts, passkeys } = options;
  const router = Router();

  router.post('/login', requireCredentials, ...throttle.guard, async (req, res) => {
    const { username, password } = req.body as Credentials;
    const user = await store.findUserByUsername(username);
    const valid = await verifyPassword(password, user?.passwordHash);
    if (!user || !valid) {
      logger.info('login', { outcome: 'failed' });
      res.status(401).json({ message: INVALID_CREDENTIALS });
      return;
    }
    if (twoStep.isOn(user)) {
      // The attempt stays counted against the username until the second step succeeds too.
      await sessions.startSecondStep(req, user);
      logger.info('login', { outcome: 'second step' });
      res.json({ secondStep: 'code' } satisfies SecondStepOwed);
      return;
    }
    await throttle.succeeded(req, res);
    await sessions.signIn(req, user);
    await alerts.signedIn(req, res, user);
    logger.info('login', { outcome: 'ok' });
    res.json(toPublicUser(user));
  });

  /** Whose second step this is, for the throttle (res.locals.signingIn) and the handler. */
  const requirePending: RequestHandler = async (req, res, next) => {
    const pending = await sessions.pendingUser(req);
    if (pending === undefined) res.status(401).json({ message: NO_SECOND_STEP });
    else if (pending === 'expired') res.status(401).json({ message: SECOND_STEP_EXPIRED, expired: true });
    else {
      res.locals.signingIn = pending;
      next();
    }
  };

  router.post('/login/code', requireCode, requirePending, ...throttle.guard, async (req, res) => {
    const user = res.locals.signingIn as User;
    const used = await twoStep.verify(user, (req.body as { code: string }).code);
    if (!used) {
      logger.info('login', { outcome: 'failed', step: 'code' });
      res.status(401).json({ message: WRONG_CODE, errors: { code: WRONG_CODE } });
      return;
    }
    await throttle.succeeded(req, res);
    await sessions.signIn(req, user);
    await alerts.signedIn(req, res, user);
    if (used === 'recovery') await options.accountChanges.changed(req, user, 'recovery-code');
    logger.info('login', { outcome: 'ok', step: used === 'recovery' ? 'recovery code' : 'app code' });
    res.json(toPublicUser(user));
  });

  router.post('/login/passkey/options', async (req, res) => {
    res.json(await passkeys.authenticationOptions(req));
  });

  /** The passkey's owner, for the throttle and the handler; an unknown passkey is refused here. */
  const requirePasskeyOwner: RequestHandler = async (req, res, next) => {
    const response = (req.body as { response?: unknown } | undefined)?.response as
      | { id?: unknown }
      | undefined;
    const id = typeof response?.id === 'string' && response.id.length <= 1024 ? response.id : undefined;
    if (!id || typeof response !== 'object') {
      res.status(400).json({ message: PASSKEY_FAILED });
      return;
    }
    const uid = passkeys.ownerOf(id);
    const user = uid ? await options.findUserById(uid) : undefined;
    if (!user) {
      logger.info('login', { outcome: 'failed', step: 'unknown passkey' });
      res.status(401).json({ message: PASSKEY_FAILED });
      return;
    }
    res.locals.signingIn = user;
    next();
  };

  // A passkey with user verification is both factors: no password and no code after it.
  router.post('/login/passkey', requirePasskeyOwner, ...throttle.guard, async (req, res) => {
    const user = res.locals.signingIn as User;
    const response = (req.body as { response: Parameters<Passkeys['authenticate']>[2] }).response;
    if (!(await passkeys.authenticate(user, req, response))) {
      logger.info('login', { outcome: 'failed', step: 'passkey' });
      res.status(401).json({ message: PASSKEY_FAILED });
      return;
    }
    await throttle.succeeded(req, res);
    await sessions.signIn(req, user);
    await alerts.signedIn(req, res, user);
    logger.info('login', { outcome: 'ok', step: 'passkey' });
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
