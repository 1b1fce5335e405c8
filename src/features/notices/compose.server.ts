import { escapeHtml } from '../../server/pages/html';
import type { Inquiry } from '../../shared/api';
import { APPLICATION_CHOICE_PREFIX } from '../../shared/application-choice';
import { WAITLIST_CHOICE_PREFIX } from '../../shared/litter-words';
import { formatReceivedTime } from './received-time.server';

/** A message as the mailer takes it; built here so the words can be tested without a transport. */
export interface OutgoingMail {
  from: string;
  to: string[];
  replyTo: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
  /** The same for every try of the same notice, so a resent copy threads as one message. */
  messageId: string;
  headers: Record<string, string>;
  /** Files sent with it (a signed contract's PDF), as base64 text: never a path or URL to read. */
  attachments?: { filename: string; content: string; encoding: 'base64'; contentType: string }[];
}

export interface NoticeSettings {
  from: string;
  to: string[];
  timeZone: string;
  /** PUBLIC_URL without a trailing slash; unset, the notice has no dashboard link. */
  publicUrl: string | undefined;
}

/** The acknowledgement's words, from the content module. */
export interface AcknowledgementText {
  subject: string;
  /** Paragraphs; "{name}" is replaced by the family's name. */
  paragraphs: readonly string[];
  signOff: readonly string[];
}

/**
 * The spec's subject; a family who chose the next litter joined its waitlist, and the subject says
 * so (issue 20), keeping the spec's first words for her mail filters.
 */
function noticeSubject(name: string, puppy: string | undefined): string {
  // An application (issue 29): its own words, so her mail filters can tell it apart.
  if (puppy?.startsWith(APPLICATION_CHOICE_PREFIX))
    return `New application: ${name} for ${oneLine(puppy.slice(APPLICATION_CHOICE_PREFIX.length))}`;
  if (puppy?.startsWith(WAITLIST_CHOICE_PREFIX)) return `New puppy inquiry: ${name} joined the waitlist`;
  return `New puppy inquiry from ${name}${puppy ? ` about ${oneLine(puppy)}` : ''}`;
}

/** The breeder's email about one new inquiry. Replying to it answers the family. */
export function composeNotice(inquiry: Inquiry, settings: NoticeSettings): OutgoingMail {
  const name = oneLine(inquiry.name);
  const received = formatReceivedTime(inquiry.createdAt, settings.timeZone);
  const dashboard = settings.publicUrl ? `${settings.publicUrl}/admin` : undefined;
  const rows: [string, string][] = [
    ['Name', inquiry.name],
    ['Email', inquiry.email],
    ...(inquiry.phone ? [['Phone', inquiry.phone] as [string, string]] : []),
    ...(inquiry.puppy ? [['Puppy', inquiry.puppy] as [string, string]] : []),
    ['Received', received],
  ];
  const message = normalizeLineBreaks(inquiry.message);
  const closing = `Reply to this email to answer ${name}.`;

  const text = [
    `New puppy inquiry from ${name}`,
    '',
    ...rows.map(([label, value]) => `${label}: ${oneLine(value)}`),
    '',
    'Message:',
    message,
    '',
    closing,
    dashboard ? `All inquiries: ${dashboard}` : 'All inquiries: sign in to the dashboard at /admin.',
    '',
  ].join('\n');

  const html = page(
    [
      `<h1 style="font-size:20px;margin:0 0 16px">New puppy inquiry from ${escapeHtml(name)}</h1>`,
      '<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">',
      ...rows.map(
        ([label, value]) =>
          `<tr><th scope="row" style="text-align:left;padding:4px 16px 4px 0;vertical-align:top">${label}</th><td style="padding:4px 0">${valueHtml(label, value)}</td></tr>`,
      ),
      '</table>',
      '<h2 style="font-size:16px;margin:0 0 8px">Message</h2>',
      `<p style="margin:0 0 16px">${paragraphHtml(message)}</p>`,
      `<p style="margin:0 0 8px">${escapeHtml(closing)}</p>`,
      dashboard
        ? `<p style="margin:0"><a href="${escapeHtml(dashboard)}">Open all inquiries</a></p>`
        : '<p style="margin:0">All inquiries: sign in to the dashboard at /admin.</p>',
    ].join('\n'),
  );

  return {
    from: settings.from,
    to: settings.to,
    replyTo: { name, address: inquiry.email },
    subject: noticeSubject(name, inquiry.puppy),
    text,
    html,
    messageId: messageId(inquiry.id, 'notice', settings.from),
    headers: { 'Auto-Submitted': 'auto-generated' },
  };
}

/** The family's "Thanks for your inquiry", answered by replying to it (Reply-To: the breeder). */
export function composeAcknowledgement(
  inquiry: Inquiry,
  settings: { from: string; replyTo: string },
  words: AcknowledgementText,
): Omit<OutgoingMail, 'replyTo'> & { replyTo: string } {
  const name = oneLine(inquiry.name);
  const paragraphs = words.paragraphs.map((paragraph) => paragraph.replaceAll('{name}', name));
  const text = [...paragraphs.flatMap((paragraph) => [paragraph, '']), ...words.signOff, ''].join('\n');
  const html = page(
    [
      ...paragraphs.map((paragraph) => `<p style="margin:0 0 16px">${escapeHtml(paragraph)}</p>`),
      `<p style="margin:0">${words.signOff.map(escapeHtml).join('<br>')}</p>`,
    ].join('\n'),
  );
  return {
    from: settings.from,
    to: [inquiry.email],
    replyTo: settings.replyTo,
    subject: words.subject,
    text,
    html,
    messageId: messageId(inquiry.id, 'thanks', settings.from),
    // RFC 3834: an automatic answer, which other robots must not answer in turn.
    headers: { 'Auto-Submitted': 'auto-replied', 'X-Auto-Response-Suppress': 'All' },
  };
}

/** "<notice.ID@saguarodoodles.com>": the sender's domain, the inquiry's id. */
function messageId(inquiryId: string, kind: string, from: string): string {
  const domain = from.match(/@([^\s<>@]+)>?\s*$/)?.[1] ?? 'localhost';
  return `<${kind}.${inquiryId}@${domain}>`;
}

/**
 * A header value on one line: CR, LF and every other control or separator character becomes a
 * space, so nothing a family typed can end a header and start another. (nodemailer folds and
 * encodes headers too; this is the second wall, and keeps the subject readable.)
 */
export function oneLine(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
}

function normalizeLineBreaks(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

function paragraphHtml(text: string): string {
  return escapeHtml(text).replaceAll('\n', '<br>\n');
}

/** The address and the phone number become links a phone opens in its mail or phone app. */
function valueHtml(label: string, value: string): string {
  const shown = escapeHtml(oneLine(value));
  if (label === 'Email') return `<a href="mailto:${escapeHtml(value)}">${shown}</a>`;
  if (label === 'Phone') {
    const dial = value.replace(/[^\d+]/g, '');
    return dial ? `<a href="tel:${dial}">${shown}</a>` : shown;
  }
  return shown;
}

function page(body: string): string {
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"></head>',
    '<body style="font-family:-apple-system,BlinkMacSystemFont,Segoe UI,Roboto,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5;color:#222;margin:0;padding:16px">',
    body,
    '</body></html>',
    '',
  ].join('\n');
}
