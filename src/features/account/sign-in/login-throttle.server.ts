import type { Request, RequestHandler, Response } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { Logger } from '../../../server/core/log';
import { clientKey } from '../../../server/http/client-key';
import { tooManySignInAttempts } from '../sign-in';

/** 5 failed sign-ins per username, and per client, in 15 minutes. */
const LOGIN_FAILURE_LIMIT = 5;
const LOGIN_WINDOW_MS = 15 * 60_000;

interface LoginThrottleOptions {
  /**
   * The username a request tries, as stored (the body is validated before the throttle runs), or
   * for a second step, the user whose password was right (decision 102).
   */
  username: (req: Request, res: Response) => string;
  logger: Pick<Logger, 'info'>;
  limit?: number;
  windowMs?: number;
}

export interface LoginThrottle {
  /** Runs before the password is checked; answers 429 with Retry-After while a key is locked. */
  guard: RequestHandler[];
  /** The sign-in succeeded: every failure counted for this username is forgotten. */
  succeeded: (req: Request, res: Response) => Promise<void>;
}

/**
 * Two express-rate-limit counters in fixed windows, one per client and one per username: a key
 * with `limit` failures is locked until its window ends, at most `windowMs` after its first
 * failure and never extended by further tries, so a stranger who types the breeder's address five
 * times delays her by minutes. Every attempt is counted before bcrypt runs, so parallel guesses
 * cannot slip past the limit; what is not a failure is taken back when the answer is sent: a
 * success (one attempt for the client, all of them for the username) and a refused attempt (429),
 * which must not count against the other key. The client counter runs first, so a locked client
 * cannot fill memory with usernames. See docs/decisions/020-login-throttle.md.
 */
export function createLoginThrottle(options: LoginThrottleOptions): LoginThrottle {
  const limit = options.limit ?? LOGIN_FAILURE_LIMIT;
  const windowMs = options.windowMs ?? LOGIN_WINDOW_MS;
  const usernameKey = (req: Request, res: Response) => `user:${options.username(req, res)}`;

  const common = {
    limit,
    windowMs,
    skipSuccessfulRequests: true,
    // The 429 below carries its own Retry-After; no RateLimit-* headers on the sign-in form.
    standardHeaders: false,
    legacyHeaders: false,
  } as const;
  const byClient = rateLimit({
    ...common,
    keyGenerator: clientKey,
    requestWasSuccessful: (_req, res) => res.statusCode < 400 || res.statusCode === 429,
    handler: (req, res) => refuse(req, res),
  });
  const byUsername = rateLimit({
    ...common,
    keyGenerator: usernameKey,
    requestWasSuccessful: (_req, res) => res.statusCode === 429,
    handler: (req, res) => refuse(req, res),
  });

  /** 429 with the wait of the longest lock among the request's keys (both may be locked). */
  async function refuse(req: Request, res: Response): Promise<void> {
    const counts = await Promise.all([
      byClient.getKey(clientKey(req)),
      byUsername.getKey(usernameKey(req, res)),
    ]);
    const now = Date.now();
    const waitMs = Math.max(
      0,
      ...counts.map((count) =>
        count && count.totalHits >= limit && count.resetTime ? count.resetTime.getTime() - now : 0,
      ),
    );
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    options.logger.info('login', { outcome: 'throttled' });
    res.setHeader('Retry-After', String(seconds));
    res.status(429).json({ message: tooManySignInAttempts(Math.ceil(seconds / 60)), retryAfter: seconds });
  }

  return {
    guard: [byClient, byUsername],
    succeeded: (req, res) => Promise.resolve(byUsername.resetKey(usernameKey(req, res))),
  };
}
