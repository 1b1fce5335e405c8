import { type RequestHandler, Router } from 'express';
import type { Logger } from '../../server/core/log';
import {
  fieldErrors,
  type PasswordChangeInput,
  passwordChangeMessages,
  passwordChangeSchema,
  secondStepMessages,
} from '../../shared/schemas';
import type { AccountFile, AccountRecord } from '../../storage/account-file';
import type { User } from '../../storage/records';
import type { AccountSummary } from './account';
import type { AccountChanges } from './change-notices.server';
import type { Passkeys } from './passkeys.server';
import type { SessionLog } from './session-log.server';
import { WRONG_CODE } from './sign-in';
import type { LoginThrottle } from './sign-in/login-throttle.server';
import { hashPassword, passwordProblem, verifyPassword } from './sign-in/passwords.server';
import type { Sessions } from './sign-in/sessions.server';
import { requireCode } from './sign-in/sign-in-routes.server';
import type { TwoStep } from './two-step.server';

interface AccountRoutesOptions {
  sessions: Sessions;
  requireUser: RequestHandler;
  sameOriginReads: RequestHandler;
  twoStep: TwoStep;
  throttle: LoginThrottle;
  logger: Pick<Logger, 'info'>;
  accounts: AccountFile;
  sessionLog: SessionLog;
  passkeys: Passkeys;
  /** The user as sign-in sees it (account.json laid over users.json), read again after a change. */
  findUserById: (id: string) => Promise<User | undefined>;
  /** Each change of her sign-in details is emailed, owed on disk before the answer (issue 32). */
  accountChanges: Pick<AccountChanges, 'changed'>;
}

/** The signed-in user, for the handlers and the throttle (which counts by res.locals.signingIn). */
function withUser(sessions: Sessions): RequestHandler {
  return async (req, res, next) => {
    const user = await sessions.currentUser(req);
    if (!user) {
      next(new Error('requireUser let a request without a user through'));
      return;
    }
    res.locals.signingIn = user;
    next();
  };
}

/**
 * The account page's API (/admin/account): GET /api/account, and turning the authenticator app
 * on (setup, then a current code) and off (a current code). Signed-in only; a wrong code to turn
 * it off counts against the sign-in throttle, like a wrong password.
 */
export function accountRoutes(options: AccountRoutesOptions): Router {
  const { sessions, twoStep, throttle, logger, accountChanges } = options;
  const router = Router();
  const signedIn = [options.requireUser, withUser(sessions)];
  const userOf = (res: Parameters<RequestHandler>[1]) => res.locals.signingIn as User;

  router.get('/account', options.sameOriginReads, ...signedIn, (_req, res) => {
    const user = userOf(res);
    const summary: AccountSummary = {
      username: user.username,
      twoStep: { on: twoStep.isOn(user), recoveryCodesLeft: twoStep.recoveryCodesLeft(user) },
    };
    res.json(summary);
  });

  router.post('/account/two-step/setup', ...signedIn, async (_req, res) => {
    res.json(await twoStep.setup(userOf(res)));
  });

  router.post('/account/two-step/enable', ...signedIn, requireCode, async (req, res) => {
    const codes = await twoStep.enable(userOf(res), (req.body as { code: string }).code);
    if (!codes) {
      res.status(400).json({ message: WRONG_CODE, errors: { code: WRONG_CODE } });
      return;
    }
    await accountChanges.changed(req, userOf(res), 'two-step-on');
    logger.info('account', { change: 'two-step on' });
    res.json({ recoveryCodes: codes });
  });

  router.post('/account/two-step/disable', ...signedIn, requireCode, ...throttle.guard, async (req, res) => {
    const user = userOf(res);
    if (!(await twoStep.disable(user, (req.body as { code: string }).code))) {
      res.status(400).json({ message: WRONG_CODE, errors: { code: WRONG_CODE } });
      return;
    }
    await throttle.succeeded(req, res);
    await accountChanges.changed(req, user, 'two-step-off');
    logger.info('account', { change: 'two-step off' });
    res.json({ message: secondStepMessages.turnedOff });
  });

  /**
   * Ends every other session: the account's session version moves on (durable, so they stay
   * ended after a restart), and this session is signed in again with the new one.
   */
  async function keepOnlyThisSession(req: Parameters<RequestHandler>[0], user: User, change?: AccountChange) {
    await options.accounts.change(user.id, (record) => [
      { ...record, ...change?.(record), sessionBump: (record.sessionBump ?? 0) + 1 },
      undefined,
    ]);
    const again = await options.findUserById(user.id);
    if (!again) throw new Error('the signed-in user is gone');
    await sessions.signIn(req, again);
  }

  router.get('/account/sessions', options.sameOriginReads, ...signedIn, (req, res) => {
    res.json({ sessions: options.sessionLog.list(userOf(res), sessions.currentSid(req)) });
  });

  router.post('/account/sessions/sign-out-others', ...signedIn, async (req, res) => {
    await keepOnlyThisSession(req, userOf(res));
    logger.info('account', { change: 'signed out everywhere else' });
    res.json({ message: accountMessages.signedOutOthers });
  });

  router.post('/account/sessions/:id/sign-out', ...signedIn, async (req, res) => {
    const user = userOf(res);
    const session = options.sessionLog.find(user, String(req.params.id));
    if (!session) {
      res.status(404).json({ message: accountMessages.noSuchSession });
      return;
    }
    if (session.sid === sessions.currentSid(req)) {
      res.status(400).json({ message: accountMessages.thisSession });
      return;
    }
    await sessions.endOther(user.id, session);
    logger.info('account', { change: 'signed out a session' });
    res.json({ message: accountMessages.signedOutOne });
  });

  const requirePasswordChange: RequestHandler = (req, res, next) => {
    const parsed = passwordChangeSchema.safeParse(req.body ?? {});
    if (!parsed.success) {
      res.status(400).json({ message: accountMessages.checkFields, errors: fieldErrors(parsed.error) });
      return;
    }
    const problem = passwordProblem(parsed.data.newPassword, userOf(res).username);
    if (problem) {
      res.status(400).json({ message: problem, errors: { newPassword: problem } });
      return;
    }
    req.body = parsed.data;
    next();
  };

  // Checked like a sign-in: a wrong current password counts against the same throttle.
  router.post(
    '/account/password',
    ...signedIn,
    requirePasswordChange,
    ...throttle.guard,
    async (req, res) => {
      const user = userOf(res);
      const { currentPassword, newPassword } = req.body as PasswordChangeInput;
      if (!(await verifyPassword(currentPassword, user.passwordHash))) {
        logger.info('account', { change: 'password', outcome: 'wrong current password' });
        res.status(400).json({
          message: passwordChangeMessages.wrongCurrent,
          errors: { currentPassword: passwordChangeMessages.wrongCurrent },
        });
        return;
      }
      await throttle.succeeded(req, res);
      const hash = await hashPassword(newPassword);
      await keepOnlyThisSession(req, user, (record) => ({
        // users.json's own counter, which a later CLI password moves on (and so wins).
        password: {
          hash,
          baseVersion: user.sessionVersion - (record.sessionBump ?? 0),
          changedAt: new Date().toISOString(),
        },
      }));
      await accountChanges.changed(req, user, 'password');
      logger.info('account', { change: 'password' });
      res.json({ message: accountMessages.passwordChanged });
    },
  );

  router.get('/account/passkeys', options.sameOriginReads, ...signedIn, (_req, res) => {
    res.json({ passkeys: options.passkeys.list(userOf(res)) });
  });

  router.post('/account/passkeys/options', ...signedIn, async (req, res) => {
    res.json(await options.passkeys.registrationOptions(userOf(res), req));
  });

  router.post('/account/passkeys', ...signedIn, async (req, res) => {
    const body = (req.body ?? {}) as { name?: unknown; response?: unknown };
    const name = typeof body.name === 'string' ? body.name.trim() : '';
    if (!name || [...name].length > PASSKEY_NAME_MAX) {
      res
        .status(400)
        .json({ message: accountMessages.passkeyName, errors: { name: accountMessages.passkeyName } });
      return;
    }
    if (!body.response || typeof body.response !== 'object') {
      res.status(400).json({ message: accountMessages.passkeyRefused });
      return;
    }
    const response = body.response as Parameters<Passkeys['register']>[2];
    if (!(await options.passkeys.register(userOf(res), req, response, name))) {
      res.status(400).json({ message: accountMessages.passkeyRefused });
      return;
    }
    await accountChanges.changed(req, userOf(res), 'passkey-added', name);
    logger.info('account', { change: 'passkey added' });
    res.status(201).json({ passkeys: options.passkeys.list(userOf(res)) });
  });

  router.delete('/account/passkeys/:id', ...signedIn, async (req, res) => {
    const removed = await options.passkeys.remove(userOf(res), String(req.params.id));
    if (removed === null) {
      res.status(404).json({ message: accountMessages.noSuchPasskey });
      return;
    }
    await accountChanges.changed(req, userOf(res), 'passkey-removed', removed);
    logger.info('account', { change: 'passkey removed' });
    res.json({ passkeys: options.passkeys.list(userOf(res)) });
  });

  return router;
}

const PASSKEY_NAME_MAX = 60;

type AccountChange = (record: Readonly<AccountRecord>) => Partial<AccountRecord>;

const accountMessages = {
  signedOutOthers: 'Signed out everywhere else.',
  signedOutOne: 'Signed out.',
  noSuchSession: 'That session has ended already.',
  thisSession: 'This is the session you are using: use Logout on the dashboard.',
  checkFields: 'Please correct the highlighted fields.',
  passwordChanged: 'Your password is changed. Every other session was signed out.',
  passkeyName: 'Name this passkey (at most 60 characters), e.g. iPhone',
  passkeyRefused: 'The passkey could not be added. Try again.',
  noSuchPasskey: 'That passkey was removed already.',
} as const;
