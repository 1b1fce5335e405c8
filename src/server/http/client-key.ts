import type { Request } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';

/**
 * Who a limiter counts a request against: req.ip (which honours TRUST_PROXY), with IPv6 clients
 * grouped per /56 (express-rate-limit's default; one home or small office usually holds a whole
 * /56 and could rotate through it) and IPv4-mapped addresses counted as IPv4. Every limiter uses
 * this, so a client is the same client to each of them.
 */
export function clientKey(req: Request): string {
  return req.ip ? ipKeyGenerator(req.ip) : 'unknown';
}
