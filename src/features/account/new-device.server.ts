import { createHash, randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Logger } from '../../server/core/log';
import { escapeHtml } from '../../server/pages/html';
import { brand } from '../../shared/brand';
import { paths } from '../../shared/routes';
import type { AccountFile } from '../../storage/account-file';
import type { User } from '../../storage/records';
import type { MailSender, OutgoingMail } from '../notices/index';
import { formatReceivedTime } from '../notices/index';
import { deviceName } from './device-name.server';

/** A random id per browser, only to recognise it at the next sign-in; never a key to anything. */
const DEVICE_COOKIE = 'doodles.device';
const DEVICE_COOKIE_MAX_AGE_MS = 400 * 24 * 60 * 60 * 1000;
/** Browsers remembered per account; the oldest is forgotten beyond that. */
const KNOWN_DEVICES_MAX = 30;

const hashOf = (id: string) => createHash('sha256').update(id).digest('hex');

function deviceCookie(req: Request): string | undefined {
  const header = req.headers.cookie ?? '';
  const match = header.match(/(?:^|;\s*)doodles\.device=([A-Za-z0-9_-]{22})(?:;|$)/);
  return match?.[1];
}

export interface SignInAlertSettings {
  from: string;
  to: string[];
  timeZone: string;
  publicUrl: string | undefined;
}

/** The email about a sign-in from a browser not seen before: when, which device, from where, what to do. */
export function composeSignInAlert(
  details: { username: string; device: string; ip: string; at: Date },
  settings: SignInAlertSettings,
): Omit<OutgoingMail, 'replyTo'> & { replyTo: string } {
  const when = formatReceivedTime(details.at.toISOString(), settings.timeZone);
  const account = settings.publicUrl ? `${settings.publicUrl}${paths.account}` : undefined;
  const rows: [string, string][] = [
    ['When', when],
    ['Device', details.device],
    ['From', details.ip || 'unknown address'],
    ['Account', details.username],
  ];
  const ifNotYou = [
    `If this was you, there is nothing to do.`,
    `If it was not you: open ${account ?? 'the dashboard'}, choose "Sign out everywhere else" and change your password; or, on the server, run npm run create-admin -- --username ${details.username} to set a new password, which signs out every session.`,
  ];
  const text = [
    `Someone signed in to the ${brand.full} dashboard from a device not seen before.`,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    ...ifNotYou,
    '',
  ].join('\n');
  const html = [
    `<p>Someone signed in to the ${escapeHtml(brand.full)} dashboard from a device not seen before.</p>`,
    '<table>',
    ...rows.map(
      ([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    ),
    '</table>',
    ...ifNotYou.map((line) => `<p>${escapeHtml(line)}</p>`),
  ].join('');
  const domain = settings.from.match(/@([^>\s]+)/)?.[1] ?? 'localhost';
  return {
    from: settings.from,
    to: settings.to,
    replyTo: settings.from,
    subject: `New sign-in to ${brand.full} from ${details.device}`,
    text,
    html,
    messageId: `<sign-in.${randomBytes(12).toString('hex')}@${domain}>`,
    headers: {},
  };
}

/**
 * A sign-in from a browser not seen before (no device cookie, or one this account has not
 * signed in with) is remembered, and with email notices configured, told by email (decision
 * 104). The cookie is set on the sign-in answer; the email goes out after the answer and a failed
 * send is logged, not retried.
 */
export class NewDeviceAlerts {
  constructor(
    private readonly accounts: AccountFile,
    private readonly mail: { sender: MailSender; settings: SignInAlertSettings } | undefined,
    private readonly logger: Pick<Logger, 'info' | 'error'>,
  ) {}

  async signedIn(req: Request, res: Response, user: User): Promise<void> {
    const existing = deviceCookie(req);
    if (existing && this.accounts.get(user.id).knownDevices?.includes(hashOf(existing))) return;
    const id = existing ?? randomBytes(16).toString('base64url');
    res.cookie(DEVICE_COOKIE, id, {
      httpOnly: true,
      sameSite: 'lax',
      secure: req.secure,
      path: '/api',
      maxAge: DEVICE_COOKIE_MAX_AGE_MS,
    });
    await this.accounts.change(user.id, (record) => [
      { ...record, knownDevices: [...(record.knownDevices ?? []), hashOf(id)].slice(-KNOWN_DEVICES_MAX) },
      undefined,
    ]);
    const device = deviceName(req.get('user-agent') ?? '');
    this.logger.info('login', { newDevice: device });
    if (!this.mail) return;
    const mail = composeSignInAlert(
      { username: user.username, device, ip: req.ip ?? '', at: new Date() },
      this.mail.settings,
    );
    this.mail.sender.send(mail).then(
      (outcome) => {
        if (!outcome.delivered) this.logger.error('sign-in alert', { error: outcome.answer });
      },
      (error: unknown) => this.logger.error('sign-in alert', { error: String(error) }),
    );
  }
}
