import path from 'node:path';
import { z } from 'zod';
import { type BackupConfig, backupProblems, backupSchema, toBackupConfig } from './backup-config';
import { host, port, publicUrl, rateLimits, trustProxy } from './config-values';
import { type HttpsConfig, httpsProblems, httpsSchema, toHttpsConfig } from './https-config';
import { type NotifyConfig, notifyProblems, notifySchema, toNotifyConfig } from './notify-config';

/**
 * The only module that reads process.env. Every variable is validated at start; a bad value stops
 * the server with a message naming the variable and what it expects (main.ts prints it and
 * exits 1 before listening). A new variable gets a parser here or in config-values.ts that
 * refuses whatever the library reading it would refuse later.
 */

const schema = z.object({
  PORT: port.default(3000),
  HOST: host.default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1, 'expected a directory path').default('./data'),
  NODE_ENV: z.enum(['production', 'development', 'test']).default('development'),
  SESSION_SECRET: z.string().min(32, 'expected at least 32 characters').optional(),
  TRUST_PROXY: trustProxy.default(false),
  INQUIRY_RATE_LIMIT: rateLimits.default([
    { limit: 5, windowMs: 60_000 },
    { limit: 30, windowMs: 3_600_000 },
  ]),
  LOG_LEVEL: z.enum(['silent', 'error', 'info']).default('info'),
  SPAM_FAST_SECONDS: z.coerce
    .number({ error: 'expected whole seconds from 0 to 60' })
    .int('expected whole seconds from 0 to 60')
    .min(0, 'expected whole seconds from 0 to 60')
    .max(60, 'expected whole seconds from 0 to 60')
    .default(5),
  PUBLIC_URL: publicUrl.optional(),
  /** Stripe's signing secret of her webhook endpoint: set, "Pay by card" is offered (issue 28). */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .trim()
    .regex(
      /^whsec_[A-Za-z0-9+/=_-]{8,200}$/,
      'expected the signing secret Stripe shows, starting with whsec_',
    )
    .optional(),
  /** Requests per client per minute to the family pages. */
  FAMILY_PAGE_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(60),
  /** Links that open nothing, per client per 15 minutes, before every family page answers 429. */
  FAMILY_BAD_LINK_LIMIT: z.coerce.number().int().min(1).max(10_000).default(10),
  /**
   * Tests only: a file holding milliseconds added to pick day's clock, so a test moves the
   * server's time past a window without waiting a day (issue 29). The tests run the production
   * build, so it is not refused there: the start logs a warning when it is set.
   */
  PICKS_CLOCK_FILE: z.string().trim().min(1).optional(),
  ...notifySchema.shape,
  ...backupSchema.shape,
  ...httpsSchema.shape,
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
  /** The time trap: an inquiry sent sooner after its form was opened is likely spam; 0 turns it off. */
  spamFastMs: number;
  /**
   * The site's public address, for canonical URLs; unset: taken from each request. With DOMAIN,
   * https://DOMAIN.
   */
  publicUrl: string | undefined;
  /** HTTPS by itself: set when DOMAIN is; then `port` is unused (decision 122). */
  https: HttpsConfig | undefined;
  /** Inquiry notices: the breeder's email, the family's thanks, the webhook. */
  notify: NotifyConfig;
  /** Verifies `POST /api/stripe/webhook`; unset, nothing is charged through the site. */
  stripeWebhookSecret: string | undefined;
  familyPageLimits: { perMinute: number; badTokens: number };
  /** Scheduled backups: where, when, encrypted or not, and off the machine or not. */
  backup: BackupConfig;
  /** Tests only: the file that moves pick day's clock (PICKS_CLOCK_FILE). */
  picksClockFile: string | undefined;
}

class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable counts as unset.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const c = parsed.data;
  // Checks that span several variables (SMTP_URL needs NOTIFY_EMAIL…), in the same form.
  const dataDir = path.resolve(c.DATA_DIR);
  const backup = toBackupConfig(c, dataDir, c.TZ);
  const https = toHttpsConfig(c);
  const publicUrl = https?.publicUrl ?? c.PUBLIC_URL;
  const problems = [
    ...httpsProblems(c, present.TRUST_PROXY !== undefined),
    ...notifyProblems(c, publicUrl),
    ...backupProblems(backup, dataDir),
  ];
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir,
    production: c.NODE_ENV === 'production',
    sessionSecret: c.SESSION_SECRET,
    trustProxy: c.TRUST_PROXY,
    inquiryRateLimits: c.INQUIRY_RATE_LIMIT,
    logLevel: c.LOG_LEVEL,
    spamFastMs: c.SPAM_FAST_SECONDS * 1000,
    publicUrl,
    https,
    notify: toNotifyConfig(c, publicUrl),
    stripeWebhookSecret: c.STRIPE_WEBHOOK_SECRET,
    familyPageLimits: { perMinute: c.FAMILY_PAGE_RATE_LIMIT, badTokens: c.FAMILY_BAD_LINK_LIMIT },
    backup,
    picksClockFile: c.PICKS_CLOCK_FILE,
  };
}
