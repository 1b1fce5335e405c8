import path from 'node:path';
import { z } from 'zod';

/**
 * The only module that reads process.env. Every variable is validated at start; a bad value stops
 * the server with a message naming the variable and what it expects.
 */

/** "5/1m,30/1h": at most 5 a minute and 30 an hour; "off" disables the limit (benchmarks). */
const rateLimits = z
  .string()
  .trim()
  .regex(/^(off|\d+\/\d+[smh](,\d+\/\d+[smh])*)$/, 'expected "off" or limits like "5/1m,30/1h"')
  .transform((text) => (text === 'off' ? [] : text.split(',').map(parseRateLimit)));

function parseRateLimit(rule: string): { limit: number; windowMs: number } {
  const [count = '0', window = '1m'] = rule.split('/');
  const unit = { s: 1000, m: 60_000, h: 3_600_000 }[window.slice(-1) as 's' | 'm' | 'h'];
  return { limit: Number(count), windowMs: Number(window.slice(0, -1)) * unit };
}

/** Express's "trust proxy": false, true, a hop count, or addresses/subnets (comma-separated). */
const trustProxy = z
  .string()
  .trim()
  .min(1, 'expected true, false, a hop count or proxy addresses')
  .transform((text): boolean | number | string[] => {
    if (text === 'true') return true;
    if (text === 'false') return false;
    if (/^\d+$/.test(text)) return Number(text);
    return text.split(',').map((part) => part.trim());
  });

const schema = z.object({
  PORT: z.coerce.number('expected a port number').int().min(0).max(65535).default(3000),
  HOST: z.string().min(1, 'expected an address to listen on').default('0.0.0.0'),
  DATA_DIR: z.string().min(1, 'expected a directory path').default('./data'),
  NODE_ENV: z.enum(['production', 'development', 'test']).default('development'),
  SESSION_SECRET: z.string().min(32, 'expected at least 32 characters').optional(),
  TRUST_PROXY: trustProxy.default(false),
  INQUIRY_RATE_LIMIT: rateLimits.default([
    { limit: 5, windowMs: 60_000 },
    { limit: 30, windowMs: 3_600_000 },
  ]),
  LOG_LEVEL: z.enum(['silent', 'error', 'info']).default('info'),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'expected an absolute http(s) URL' }).optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  production: boolean;
  /** Unset: a random secret is generated once and kept in DATA_DIR. */
  sessionSecret: string | undefined;
  trustProxy: boolean | number | string[];
  inquiryRateLimits: { limit: number; windowMs: number }[];
  logLevel: 'silent' | 'error' | 'info';
  /** The site's public address, for canonical URLs; unset: taken from each request. */
  publicUrl: string | undefined;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable counts as unset.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const c = parsed.data;
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir: path.resolve(c.DATA_DIR),
    production: c.NODE_ENV === 'production',
    sessionSecret: c.SESSION_SECRET,
    trustProxy: c.TRUST_PROXY,
    inquiryRateLimits: c.INQUIRY_RATE_LIMIT,
    logLevel: c.LOG_LEVEL,
    publicUrl: c.PUBLIC_URL?.replace(/\/+$/, ''),
  };
}
