import { type RequestHandler, Router } from 'express';
import type { AccountSummary } from '../../shared/account';
import { secondStepMessages } from '../../shared/schemas';
import { WRONG_CODE } from '../../shared/sign-in';
import type { User } from '../../storage/store';
import type { LoginThrottle } from '../auth/login-throttle';
import { requireCode } from '../auth/routes';
import type { Sessions } from '../auth/sessions';
import type { Logger } from '../core/log';
import type { TwoStep } from './two-step';

interface AccountRoutesOptions {
  sessions: Sessions;
  requireUser: RequestHandler;
  sameOriginReads: RequestHandler;
  twoStep: TwoStep;
  throttle: LoginThrottle;
  logger: Pick<Logger, 'info'>;
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
  const { sessions, twoStep, throttle, logger } = options;
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
    logger.info('account', { change: 'two-step off' });
    res.json({ message: secondStepMessages.turnedOff });
  });

  return router;
}
