import type { ErrorRequestHandler, RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import { clientKey } from '../../server/http/client-key';

const TOO_MANY_INQUIRIES = 'Too many inquiries from your network. Please wait a few minutes and try again.';

/** Passed to next() by the limiter; the API answers it as JSON, the scripts-off form as a page. */
export class InquiryRateLimited extends Error {
  readonly status = 429;
  readonly expose = true;
  constructor() {
    super(TOO_MANY_INQUIRIES);
  }
}

/**
 * The per-client limit on inquiry submissions (config INQUIRY_RATE_LIMIT, e.g. 5 a minute and 30
 * an hour; none when "off"). createApp builds it once and hands it to both the API and the
 * scripts-off form, so a client has one budget whichever way it submits. Every submission counts,
 * valid or not: an invalid one still costs a page render.
 */
export function inquiryRateLimit(rules: { limit: number; windowMs: number }[]): RequestHandler[] {
  return rules.map(({ limit, windowMs }) =>
    rateLimit({
      limit,
      windowMs,
      keyGenerator: clientKey,
      identifier: `inquiries-${limit}-per-${windowMs / 1000}s`,
      // RateLimit and RateLimit-Policy per window, and Retry-After on a 429.
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      handler: (_req, _res, next) => next(new InquiryRateLimited()),
    }),
  );
}

/** Answers a rate-limited API submission with `429 { message }` (Retry-After is already set). */
export const rateLimitedJson: ErrorRequestHandler = (error, _req, res, next) => {
  if (!(error instanceof InquiryRateLimited)) return next(error);
  res.status(429).json({ message: error.message });
};
