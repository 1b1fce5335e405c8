import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * The parsers of the variables whose form is more than a word from a list. Each one refuses every
 * value the library that later reads it would refuse (Express's "trust proxy", express-rate-limit's
 * window, net.Server#listen), so a bad value is reported here, naming its variable, and never as a
 * library's message after start.
 */

export const port = z
  .string()
  .trim()
  .regex(/^\d{1,5}$/, 'expected a port number (0-65535)')
  .transform(Number)
  .refine((value) => value <= 65535, 'expected a port number (0-65535)');

/** A hostname label: letters, digits and inner hyphens (RFC 1123). */
const HOSTNAME = /^(?=.{1,253}$)([a-z\d]([a-z\d-]{0,61}[a-z\d])?)(\.[a-z\d]([a-z\d-]{0,61}[a-z\d])?)*$/i;

export const host = z
  .string()
  .trim()
  .refine(
    (value) => isIP(value) !== 0 || HOSTNAME.test(value),
    'expected an IP address or a host name to listen on (e.g. 0.0.0.0, ::, 127.0.0.1, localhost)',
  );

const TRUST_PROXY_EXPECTED =
  'expected true, false, a hop count or proxy addresses (comma-separated IP addresses, CIDR ranges, loopback, linklocal, uniquelocal)';

/** The subnet names Express's "trust proxy" (proxy-addr) knows. */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Why one item of a TRUST_PROXY list is not an address, a range or a known name; null when it is. */
function proxyItemProblem(item: string): string | null {
  if (item === '') return 'an empty item in the list';
  if (PROXY_NAMES.has(item)) return null;
  const [address = '', prefix, ...rest] = item.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return `"${item}" is not an IP address or CIDR range`;
  if (prefix === undefined) return null;
  const bits = version === 4 ? 32 : 128;
  // proxy-addr refuses a /0 too.
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) < 1 || Number(prefix) > bits)
    return `"${item}" has a prefix length outside 1-${bits}`;
  return null;
}

/** Express's "trust proxy": false, true, a hop count, or addresses/subnets (comma-separated). */
export const trustProxy = z
  .string()
  .trim()
  .transform((text, ctx): boolean | number | string[] => {
    if (text === 'true') return true;
    if (text === 'false') return false;
    if (/^\d+$/.test(text)) return Number(text);
    const items = text.split(',').map((part) => part.trim());
    const problems = items.map(proxyItemProblem).filter((problem) => problem !== null);
    if (problems.length > 0)
      ctx.addIssue({ code: 'custom', message: `${TRUST_PROXY_EXPECTED}: ${problems.join(', ')}` });
    return items;
  });

/** setInterval's longest delay: express-rate-limit's memory store refuses a longer window. */
const MAX_WINDOW_MS = 2 ** 31 - 1;
const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000 } as const;

/** "5/1m,30/1h": at most 5 a minute and 30 an hour; "off" disables the limit (benchmarks). */
export const rateLimits = z
  .string()
  .trim()
  .regex(/^(off|\d+\/\d+[smh](,\d+\/\d+[smh])*)$/, 'expected "off" or limits like "5/1m,30/1h"')
  .transform((text) => (text === 'off' ? [] : text.split(',').map(parseRateLimit)))
  .refine(
    (rules) =>
      rules.every(({ limit, windowMs }) => limit >= 1 && windowMs >= 1000 && windowMs <= MAX_WINDOW_MS),
    'expected "off" or limits like "5/1m,30/1h": each count at least 1, each window from 1s to 596h',
  );

function parseRateLimit(rule: string): { limit: number; windowMs: number } {
  const [count = '0', window = '1m'] = rule.split('/');
  const unit = UNIT_MS[window.slice(-1) as keyof typeof UNIT_MS];
  return { limit: Number(count), windowMs: Number(window.slice(0, -1)) * unit };
}

/** The site's public origin: canonical URLs and link previews are built on it, so no path or query. */
export const publicUrl = z
  .string()
  .trim()
  .refine((text) => {
    try {
      const url = new URL(text);
      const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
      return /^https?:$/.test(url.protocol) && bare;
    } catch {
      return false;
    }
  }, 'expected an absolute http(s) URL of the site itself, like https://doodles.example (no path, query or user)')
  .transform((text) => new URL(text).origin);
