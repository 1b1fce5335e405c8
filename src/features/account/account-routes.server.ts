import type { Request, RequestHandler } from 'express';
import type { Logger } from '../../server/core/log';
import { type AdminRoutes, body, Invalid, NotFound, signedInUser } from '../../server/http/pipeline';
import {
  codeSchema,
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
import type { TwoStep } from './two-step.server';

interface AccountApiOptions {
  sessions: Sessions;
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

/** The throttle counts by res.locals.signingIn: here, the user the pipeline let through. */
const signedIn: RequestHandler = (_req, res, next) => {
  res.locals.signingIn = signedInUser(res);
  next();
};

/**
 * The account page's API (/admin/account), on the admin pipeline (signed-in, this site only):
 * GET /api/account, turning the authenticator app on (setup, then a current code) and off (a
 * current code), her sessions, her password and her passkeys. A wrong code to turn the app off,
 * or a wrong current password, counts against the sign-in throttle, like a wrong password.
 */
export function accountApi(api: AdminRoutes, options: AccountApiOptions): void {
  const { sessions, twoStep, throttle, logger, accountChanges } = options;
  /** A body that is not `{ code }` is answered 400 and not counted as an attempt. */
  const requireCode = body(codeSchema, secondStepMessages.codeRequired);

  api.get('/account', signedIn, (_req, res) => {
    const user = signedInUser(res);
    const summary: AccountSummary = {
      username: user.username,
      twoStep: { on: twoStep.isOn(user), recoveryCodesLeft: twoStep.recoveryCodesLeft(user) },
    };
    res.json(summary);
  });

  api.post('/account/two-step/setup', signedIn, async (_req, res) => {
    res.json(await twoStep.setup(signedInUser(res)));
  });

  api.post('/account/two-step/enable', signedIn, requireCode, async (req, res) => {
    const codes = await twoStep.enable(signedInUser(res), req.body.code);
    if (!codes) throw new Invalid(WRONG_CODE, { code: WRONG_CODE });
    await accountChanges.changed(req, signedInUser(res), 'two-step-on');
    logger.info('account', { change: 'two-step on' });
    res.json({ recoveryCodes: codes });
  });

  api.post('/account/two-step/disable', signedIn, requireCode, ...throttle.guard, async (req, res) => {
    const user = signedInUser(res);
    if (!(await twoStep.disable(user, req.body.code))) throw new Invalid(WRONG_CODE, { code: WRONG_CODE });
    await throttle.succeeded(req, res);
    await accountChanges.changed(req, user, 'two-step-off');
    logger.info('account', { change: 'two-step off' });
    res.json({ message: secondStepMessages.turnedOff });
  });

  /**
   * Ends every other session: the account's session version moves on (durable, so they stay
   * ended after a restart), and this session is signed in again with the new one.
   */
  async function keepOnlyThisSession(req: Request, user: User, change?: AccountChange) {
    await options.accounts.change(user.id, (record) => [
      { ...record, ...change?.(record), sessionBump: (record.sessionBump ?? 0) + 1 },
      undefined,
    ]);
    const again = await options.findUserById(user.id);
    if (!again) throw new Error('the signed-in user is gone');
    await sessions.signIn(req, again);
  }

  api.get('/account/sessions', signedIn, (req, res) => {
    res.json({ sessions: options.sessionLog.list(signedInUser(res), sessions.currentSid(req)) });
  });

  api.post('/account/sessions/sign-out-others', signedIn, async (req, res) => {
    await keepOnlyThisSession(req, signedInUser(res));
    logger.info('account', { change: 'signed out everywhere else' });
    res.json({ message: accountMessages.signedOutOthers });
  });

  api.post('/account/sessions/:id/sign-out', signedIn, async (req, res) => {
    const user = signedInUser(res);
    const session = options.sessionLog.find(user, req.params.id);
    if (!session) throw new NotFound(accountMessages.noSuchSession);
    if (session.sid === sessions.currentSid(req)) throw new Invalid(accountMessages.thisSession);
    await sessions.endOther(user.id, session);
    logger.info('account', { change: 'signed out a session' });
    res.json({ message: accountMessages.signedOutOne });
  });

  /** The new password's own rules (length, not the username…), once the body has its fields. */
  const acceptableNewPassword: RequestHandler = (req, res, next) => {
    const problem = passwordProblem(
      (req.body as PasswordChangeInput).newPassword,
      signedInUser(res).username,
    );
    if (problem) throw new Invalid(problem, { newPassword: problem });
    next();
  };

  // Checked like a sign-in: a wrong current password counts against the same throttle.
  api.post(
    '/account/password',
    signedIn,
    body(passwordChangeSchema, accountMessages.checkFields),
    acceptableNewPassword,
    ...throttle.guard,
    async (req, res) => {
      const user = signedInUser(res);
      const { currentPassword, newPassword } = req.body as PasswordChangeInput;
      if (!(await verifyPassword(currentPassword, user.passwordHash))) {
        logger.info('account', { change: 'password', outcome: 'wrong current password' });
        throw new Invalid(passwordChangeMessages.wrongCurrent, {
          currentPassword: passwordChangeMessages.wrongCurrent,
        });
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

  api.get('/account/passkeys', signedIn, (_req, res) => {
    res.json({ passkeys: options.passkeys.list(signedInUser(res)) });
  });

  api.post('/account/passkeys/options', signedIn, async (req, res) => {
    res.json(await options.passkeys.registrationOptions(signedInUser(res), req));
  });

  api.post('/account/passkeys', signedIn, async (req, res) => {
    const sent = (req.body ?? {}) as { name?: unknown; response?: unknown };
    const name = typeof sent.name === 'string' ? sent.name.trim() : '';
    if (!name || [...name].length > PASSKEY_NAME_MAX)
      throw new Invalid(accountMessages.passkeyName, { name: accountMessages.passkeyName });
    if (!sent.response || typeof sent.response !== 'object')
      throw new Invalid(accountMessages.passkeyRefused);
    const response = sent.response as Parameters<Passkeys['register']>[2];
    if (!(await options.passkeys.register(signedInUser(res), req, response, name)))
      throw new Invalid(accountMessages.passkeyRefused);
    await accountChanges.changed(req, signedInUser(res), 'passkey-added', name);
    logger.info('account', { change: 'passkey added' });
    res.status(201).json({ passkeys: options.passkeys.list(signedInUser(res)) });
  });

  api.delete('/account/passkeys/:id', signedIn, async (req, res) => {
    const removed = await options.passkeys.remove(signedInUser(res), req.params.id);
    if (removed === null) throw new NotFound(accountMessages.noSuchPasskey);
    await accountChanges.changed(req, signedInUser(res), 'passkey-removed', removed);
    logger.info('account', { change: 'passkey removed' });
    res.json({ passkeys: options.passkeys.list(signedInUser(res)) });
  });
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
