import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FormTimer } from './spam-rules.server';

/** A timer older than this says nothing of speed (a tab left open, or one timer kept for reuse). */
const TIMER_LIFETIME_MS = 24 * 60 * 60_000;
/** Clocks are one clock here (this server signs and checks), but a timer from "the future" is forged. */
const FUTURE_SLACK_MS = 1_000;

/**
 * The time trap's timer (decision 113): when the form was opened, signed by the server, so that a
 * client can neither forge nor move it, and no cookie is needed. The landing page is one cached
 * answer for everyone (shared caches may keep it too), so a time written into it would be the
 * time of its rendering, not of the visitor's view: the form's script asks for a timer when the
 * visitor first touches the form (GET /api/inquiries/form-timer) and sends it back in a header.
 * A scripts-off post has none, which scores only a little (`no-timer`).
 *
 * `{ms}.{signature}`: ms since the epoch, and the first 16 bytes of its HMAC-SHA256 in base64url.
 */
export class FormTimers {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly now: () => number = Date.now,
  ) {
    // Its own key, derived from the cookie-signing secret: a timer is no cookie signature.
    this.key = createHmac('sha256', secret).update('form-timer v1').digest();
  }

  issue(): string {
    const ms = String(this.now());
    return `${ms}.${this.sign(ms)}`;
  }

  /** What a timer sent with an inquiry says. */
  check(value: unknown): FormTimer {
    if (value === undefined || value === '') return { state: 'missing' };
    if (typeof value !== 'string' || value.length > 64) return { state: 'invalid' };
    const match = /^(\d{1,15})\.([A-Za-z0-9_-]{22})$/.exec(value);
    if (!match) return { state: 'invalid' };
    const [, ms, signature] = match as unknown as [string, string, string];
    const expected = Buffer.from(this.sign(ms));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { state: 'invalid' };
    const elapsedMs = this.now() - Number(ms);
    if (elapsedMs < -FUTURE_SLACK_MS) return { state: 'invalid' };
    if (elapsedMs > TIMER_LIFETIME_MS) return { state: 'missing' };
    return { state: 'valid', elapsedMs: Math.max(0, elapsedMs) };
  }

  private sign(ms: string): string {
    return createHmac('sha256', this.key).update(ms).digest().subarray(0, 16).toString('base64url');
  }
}
