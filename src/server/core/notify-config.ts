import { isIP } from 'node:net';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import { z } from 'zod';

/**
 * The variables of the inquiry notices (email, acknowledgement, webhook), validated with the rest
 * of the configuration. Messages never repeat a value: SMTP_URL and WEBHOOK_URL may hold secrets.
 */

export interface SmtpSettings {
  /** As given: nodemailer parses it again when it builds the transport. */
  url: string;
  /** "mail.example.com:587", for messages: never the credentials. */
  server: string;
  /** Set when the URL carries credentials, so answers can be scrubbed of it. */
  password: string | undefined;
}

export interface NotifyConfig {
  smtp: SmtpSettings | undefined;
  /** Who receives the notices; empty when email notices are off. */
  notifyEmails: string[];
  /** The sender, an address or "Name <address>". */
  mailFrom: string;
  autoReply: boolean;
  webhook: { url: string; secret: string } | undefined;
  /** IANA zone for the times written in the notices. */
  timeZone: string;
}

const NO_LINE_BREAKS = /^[^\r\n\0]*$/;
const email = z.email();

const smtpUrl = z
  .string()
  .trim()
  .superRefine((text, ctx) => {
    const problem = smtpUrlProblem(text);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

function smtpUrlProblem(text: string): string | undefined {
  const expected = 'expected smtp://user:password@host:587 or smtps://user:password@host:465';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `${expected} (not a URL)`;
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') return `${expected} (scheme ${url.protocol})`;
  if (!url.hostname) return `${expected} (no host)`;
  const parsed = parseConnectionUrl(text);
  if (!parsed.host) return `${expected} (no host)`;
  return undefined;
}

const notifyEmails = z
  .string()
  .transform((text) => text.split(',').map((part) => part.trim()))
  .superRefine((list, ctx) => {
    for (const address of list) {
      if (!email.safeParse(address).success || address.length > 254)
        ctx.addIssue({
          code: 'custom',
          message: `expected one or more email addresses separated by commas (${address === '' ? 'an empty item' : `"${address}" is not one`})`,
        });
    }
  });

/** "notices@example.com" or "Saguaro Doodles <notices@example.com>". */
const mailFrom = z
  .string()
  .trim()
  .regex(NO_LINE_BREAKS, 'expected an address on one line')
  .refine(
    (text) => email.safeParse(text).success || /^[^<>]+<[^<>\s]+>$/.test(text),
    'expected an email address or "Name <address>"',
  )
  .refine(
    (text) => email.safeParse(text.match(/<([^<>\s]+)>$/)?.[1] ?? text).success,
    'expected an email address or "Name <address>"',
  );

const onOff = z.enum(['on', 'off'], 'expected on or off');

const webhookUrl = z.string().superRefine((text, ctx) => {
  const problem = webhookUrlProblem(text);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

function webhookUrlProblem(text: string): string | undefined {
  const expected = 'expected an https:// URL (or http:// to 127.0.0.1, ::1 or localhost)';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `${expected} (not a URL)`;
  }
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return undefined;
  return `${expected} (got ${url.protocol}//${url.protocol === 'http:' ? url.hostname : '…'})`;
}

/** Plain http is allowed only where nothing crosses a network: the same machine. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  if (isIP(host) === 6) return host === '::1';
  return false;
}

const timeZone = z.string().refine((zone) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return /^[A-Za-z_+\-/0-9]+$/.test(zone);
  } catch {
    return false;
  }
}, 'expected an IANA time zone such as America/Phoenix');

export const notifySchema = z.object({
  SMTP_URL: smtpUrl.optional(),
  NOTIFY_EMAIL: notifyEmails.optional(),
  MAIL_FROM: mailFrom.optional(),
  AUTO_REPLY: onOff.default('off'),
  WEBHOOK_URL: webhookUrl.optional(),
  WEBHOOK_SECRET: z.string().min(16, 'expected at least 16 characters').optional(),
  TZ: timeZone.default('America/Phoenix'),
});

type NotifyVariables = z.infer<typeof notifySchema>;

/**
 * Checks that belong to several variables at once; each problem is "VARIABLE: what it expects".
 * `publicUrl` is PUBLIC_URL after validation.
 */
export function notifyProblems(v: NotifyVariables, publicUrl: string | undefined): string[] {
  const problems: string[] = [];
  if (v.SMTP_URL && !v.NOTIFY_EMAIL)
    problems.push('NOTIFY_EMAIL: expected the address(es) that receive the notices, since SMTP_URL is set');
  if (v.NOTIFY_EMAIL && !v.SMTP_URL)
    problems.push('SMTP_URL: expected the mail server that sends the notices, since NOTIFY_EMAIL is set');
  if (v.SMTP_URL && !v.MAIL_FROM && !defaultSender(v.SMTP_URL, publicUrl))
    problems.push('MAIL_FROM: expected the sender address (or set PUBLIC_URL, whose host gives the default)');
  if (v.AUTO_REPLY === 'on' && !v.SMTP_URL)
    problems.push('AUTO_REPLY: "on" needs email notices: set SMTP_URL and NOTIFY_EMAIL too');
  if (v.WEBHOOK_URL && !v.WEBHOOK_SECRET)
    problems.push(
      'WEBHOOK_SECRET: expected at least 16 characters to sign the webhook, since WEBHOOK_URL is set',
    );
  if (v.WEBHOOK_SECRET && !v.WEBHOOK_URL)
    problems.push('WEBHOOK_URL: expected the address to post inquiries to, since WEBHOOK_SECRET is set');
  return problems;
}

export function toNotifyConfig(v: NotifyVariables, publicUrl: string | undefined): NotifyConfig {
  const smtp = v.SMTP_URL ? smtpSettings(v.SMTP_URL) : undefined;
  return {
    smtp,
    notifyEmails: smtp ? (v.NOTIFY_EMAIL ?? []) : [],
    mailFrom: v.MAIL_FROM ?? (v.SMTP_URL ? (defaultSender(v.SMTP_URL, publicUrl) ?? '') : ''),
    autoReply: v.AUTO_REPLY === 'on',
    webhook: v.WEBHOOK_URL && v.WEBHOOK_SECRET ? { url: v.WEBHOOK_URL, secret: v.WEBHOOK_SECRET } : undefined,
    timeZone: v.TZ,
  };
}

function smtpSettings(url: string): SmtpSettings {
  const parsed = parseConnectionUrl(url);
  const port = parsed.port ?? (parsed.secure ? 465 : 587);
  return { url, server: `${parsed.host}:${port}`, password: parsed.auth?.pass || undefined };
}

/** "Saguaro Doodles <notices@saguarodoodles.com>" from PUBLIC_URL, else the SMTP user if an address. */
function defaultSender(smtpUrlText: string, publicUrl: string | undefined): string | undefined {
  if (publicUrl) {
    const host = new URL(publicUrl).hostname.replace(/^www\./, '');
    const address = `notices@${host}`;
    if (email.safeParse(address).success) return `Saguaro Doodles <${address}>`;
  }
  const user = parseConnectionUrl(smtpUrlText).auth?.user;
  return user && email.safeParse(user).success ? `Saguaro Doodles <${user}>` : undefined;
}
