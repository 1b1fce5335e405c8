import { createTransport } from 'nodemailer';
import type { SmtpSettings } from '../core/notify-config';
import type { OutgoingMail } from './compose';
import type { SendOutcome } from './retry-schedule';

export interface MailSender {
  send(
    mail: OutgoingMail | (Omit<OutgoingMail, 'replyTo'> & { replyTo: string }),
    signal?: AbortSignal,
  ): Promise<SendOutcome>;
  /** Connects and signs in without sending: for notify-test. */
  verify(): Promise<SendOutcome>;
  close(): void;
}

/**
 * SMTP through nodemailer: one pooled connection, reused while notices keep coming (a burst of
 * inquiries is sent over one session, one message at a time). Timeouts are short so a dead server
 * costs a retry, not minutes, and a shutdown is never held up by one.
 */
export function createMailSender(smtp: SmtpSettings): MailSender {
  const transport = createTransport({
    url: smtp.url,
    pool: true,
    maxConnections: 1,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    // Notices carry no attachments: never let message content make the mailer read a file or URL.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return {
    async send(mail, signal) {
      try {
        const info = await transport.sendMail({ ...mail, ...(signal ? { signal } : {}) });
        return { delivered: true, answer: scrub(String(info.response ?? 'accepted'), smtp) };
      } catch (error) {
        return failure(error, smtp);
      }
    },
    async verify() {
      try {
        await transport.verify();
        return { delivered: true, answer: `connected to ${smtp.server} and signed in` };
      } catch (error) {
        return failure(error, smtp);
      }
    },
    close: () => transport.close(),
  };
}

interface MailError {
  code?: string;
  responseCode?: number;
  response?: string;
  message?: string;
}

/** A 5xx answer to the message is permanent; a refused sign-in or a dead server is worth retrying. */
function failure(error: unknown, smtp: SmtpSettings): SendOutcome {
  const e = (error ?? {}) as MailError;
  const permanent =
    e.code !== 'EAUTH' && typeof e.responseCode === 'number' && e.responseCode >= 500 && e.responseCode < 600;
  return { delivered: false, permanent, answer: scrub(plainLanguage(e, smtp), smtp) };
}

/** "connection refused at mail.example.com:587", "authentication failed (535 …)". */
function plainLanguage(e: MailError, smtp: SmtpSettings): string {
  const message = e.message ?? String(e);
  const server = smtp.server;
  if (e.code === 'EAUTH') return `authentication failed${e.response ? ` (${e.response})` : ''}`;
  if (/ECONNREFUSED/.test(message)) return `connection refused at ${server}`;
  if (/ENOTFOUND|EAI_AGAIN/.test(message) || e.code === 'EDNS')
    return `mail server not found: ${server.replace(/:\d+$/, '')}`;
  if (e.code === 'ETIMEDOUT' || /timeout|ETIMEDOUT/i.test(message))
    return `no answer from ${server} (timed out)`;
  if (/EHOSTUNREACH|ENETUNREACH/.test(message)) return `cannot reach ${server} (network unreachable)`;
  if (e.code === 'ETLS' || /certificate|TLS|SSL/i.test(message))
    return `secure connection to ${server} failed: ${message}`;
  if (e.code === 'ESOCKET' && /ECONNRESET|closed/i.test(message)) return `${server} closed the connection`;
  if (e.code === 'EENVELOPE')
    return `the mail server refused the message${e.response ? `: ${e.response}` : ''}`;
  if (e.response) return e.response;
  return message;
}

/** No password (as typed, URL-encoded or in an AUTH exchange), no control characters, one short line. */
function scrub(text: string, smtp: SmtpSettings): string {
  let clean = text;
  const secret = smtp.password;
  if (secret) {
    for (const form of [secret, encodeURIComponent(secret), Buffer.from(secret).toString('base64')]) {
      if (form.length >= 3) clean = clean.split(form).join('***');
    }
  }
  clean = clean.replace(/\/\/[^/@\s]*@/g, '//***@');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  clean = clean.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ').trim();
  return clean.length > 300 ? `${clean.slice(0, 299)}…` : clean;
}
