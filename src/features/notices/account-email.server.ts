import { escapeHtml } from '../../server/pages/html';
import { brand } from '../../shared/brand';
import { paths } from '../../shared/routes';
import type { AccountChange } from '../../storage/file-schemas';
import { oneLine } from './compose.server';
import { formatReceivedTime } from './received-time.server';

export type { AccountChange };

export interface AccountMailSettings {
  from: string;
  to: string[];
  timeZone: string;
  /** PUBLIC_URL without a trailing slash; unset, the email names "the dashboard". */
  publicUrl: string | undefined;
}

/** The subject's words and the first line, per change. A passkey's name is her own text. */
function describe(change: AccountChange): { subject: string; line: string } {
  const name = change.detail ? ` "${oneLine(change.detail)}"` : '';
  switch (change.what) {
    case 'password':
      return {
        subject: 'Your dashboard password was changed',
        line: 'The password of your dashboard was changed on the account page.',
      };
    case 'passkey-added':
      return {
        subject: 'A passkey was added to your account',
        line: `A passkey${name} was added to your account: it signs in without the password.`,
      };
    case 'passkey-removed':
      return {
        subject: 'A passkey was removed from your account',
        line: `The passkey${name} was removed from your account.`,
      };
    case 'two-step-on':
      return {
        subject: 'Two-step sign-in was turned on',
        line: 'Two-step sign-in (a code from an authenticator app) was turned on for your account.',
      };
    case 'two-step-off':
      return {
        subject: 'Two-step sign-in was turned off',
        line: 'Two-step sign-in was turned off: your password alone now signs in.',
      };
    case 'recovery-code':
      return {
        subject: 'A recovery code was used to sign in',
        line: 'One of your recovery codes was used to sign in (it is used up now).',
      };
    case 'cli-password':
      return {
        subject: 'Your password was set on the server',
        line: 'A new password for your account was set on the server with npm run create-admin. Every session was signed out.',
      };
    case 'cli-second-step-reset':
      return {
        subject: 'Two-step sign-in was reset on the server',
        line: 'Two-step sign-in was turned off on the server with npm run create-admin -- --reset-second-step. Every session was signed out.',
      };
  }
}

/** What to do when she did not make the change: from the dashboard when she can, else the server. */
function ifNotYou(change: AccountChange, account: string): string[] {
  const cli = `npm run create-admin -- --username ${oneLine(change.username)}`;
  if (change.what === 'cli-password' || change.what === 'cli-second-step-reset')
    return [
      'If this was you, there is nothing to do.',
      `If it was not you, someone can run commands on the server that hosts your site: change the server's own passwords and keys (or ask whoever hosts it), then run ${cli} there to set a password only you know, and turn two-step sign-in on again on ${account}.`,
    ];
  const who =
    change.what === 'recovery-code'
      ? 'someone has your password and one of your recovery codes'
      : 'someone is signed in to your dashboard';
  return [
    'If this was you, there is nothing to do.',
    `If it was not you, ${who}: open ${account}, choose "Sign out everywhere else", change your password, and check your passkeys and two-step sign-in there. If you cannot sign in any more, run ${cli} on the server: a new password signs out every session (add --reset-second-step if the authenticator app was changed).`,
  ];
}

/**
 * The email to NOTIFY_EMAIL about a change of her sign-in details (ASVS 6.3.7): what changed,
 * when, from which device and address, what to do if it was not her. Everything typed (the
 * username, a passkey's name, the user agent behind the device's name) stays text: one line in
 * the text part, escaped in the HTML part.
 */
export function composeAccountNotice(id: string, change: AccountChange, settings: AccountMailSettings) {
  const { subject, line } = describe(change);
  const account = settings.publicUrl
    ? `${settings.publicUrl}${paths.account}`
    : 'the dashboard’s account page';
  const rows: [string, string][] = [
    ['When', formatReceivedTime(change.at, settings.timeZone)],
    ['Device', oneLine(change.device) || 'Unknown browser'],
    ['From', oneLine(change.ip) || 'unknown address'],
    ['Account', oneLine(change.username)],
  ];
  return composeNotice(id, settings, { subject, line, rows, advice: ifNotYou(change, account) });
}

/** What one email to NOTIFY_EMAIL says: its subject (after the brand), first line, facts, advice. */
export interface NoticeWords {
  subject: string;
  line: string;
  rows: [label: string, value: string][];
  advice: string[];
}

/**
 * The shell every notice to NOTIFY_EMAIL shares (a change of her sign-in details, the site's
 * certificate): the line, the facts as a table, the advice; plain text and escaped HTML.
 */
export function composeNotice(
  id: string,
  settings: AccountMailSettings,
  { subject, line, rows, advice }: NoticeWords,
) {
  const text = [line, '', ...rows.map(([label, value]) => `${label}: ${value}`), '', ...advice, ''].join(
    '\n',
  );
  const html = [
    `<p>${escapeHtml(line)}</p>`,
    '<table role="presentation">',
    ...rows.map(
      ([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    ),
    '</table>',
    ...advice.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
  ].join('\n');
  const domain = settings.from.match(/@([^\s<>@]+)>?\s*$/)?.[1] ?? 'localhost';
  return {
    from: settings.from,
    to: settings.to,
    replyTo: settings.from,
    subject: `${brand.full}: ${subject}`,
    text,
    html,
    // The same for every try of one notice: a resent copy threads as one message.
    messageId: `<account.${id}@${domain}>`,
    headers: { 'Auto-Submitted': 'auto-generated' },
  };
}
