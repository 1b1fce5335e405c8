import { Worker } from 'node:worker_threads';
import type { Transporter } from 'nodemailer';
import { loadOnce } from '../../server/core/load-once';
import type { SmtpSettings } from '../../server/core/notify-config';
import type { Inquiry } from '../../shared/api';
import {
  type AcknowledgementText,
  composeAcknowledgement,
  composeNotice,
  type NoticeSettings,
  type OutgoingMail,
} from './compose.server';
import type { SendOutcome } from './retry-schedule.server';

export interface MailSender {
  send(
    mail: OutgoingMail | (Omit<OutgoingMail, 'replyTo'> & { replyTo: string }),
    signal?: AbortSignal,
  ): Promise<SendOutcome>;
  /** The breeder's email about `inquiry`, composed where it is sent (the mail thread). */
  sendNotice(inquiry: Inquiry, settings: NoticeSettings, signal?: AbortSignal): Promise<SendOutcome>;
  /** The family's thank-you, composed where it is sent (the mail thread). */
  sendAcknowledgement(
    inquiry: Inquiry,
    settings: AcknowledgementSettings,
    words: AcknowledgementText,
    signal?: AbortSignal,
  ): Promise<SendOutcome>;
  /** Connects and signs in without sending: for notify-test. */
  verify(): Promise<SendOutcome>;
  close(): void;
}

interface AcknowledgementSettings {
  from: string;
  replyTo: string;
}

/**
 * A notice travels to the mail thread as its inquiry and settings, not as a composed message: the
 * text and HTML (a few KB) are built, sent and dropped in the mail thread's heap (decision 071).
 */
type Request =
  | { type: 'send'; mail: Parameters<MailSender['send']>[0] }
  | { type: 'notice'; inquiry: Inquiry; settings: NoticeSettings }
  | {
      type: 'acknowledgement';
      inquiry: Inquiry;
      settings: AcknowledgementSettings;
      words: AcknowledgementText;
    }
  | { type: 'verify' };
/** What the main thread and the mail thread say to each other (mail-worker.ts). */
export type ToMailThread = (Request & { id: number }) | { type: 'close' };
export interface FromMailThread {
  id: number;
  outcome: SendOutcome;
}

// The built server (dist/server/main.js) has the worker beside it as mail-worker.js; under tsx
// (tests, scripts) this module is the source file and the worker is mail-worker.ts beside it.
const workerUrl = new URL(
  import.meta.url.endsWith('.ts') ? './mail-worker.server.ts' : './mail-worker.js',
  import.meta.url,
);

/** A thread without a message for this long is stopped; the next message starts a new one. */
const THREAD_IDLE_MS = 60_000;

/**
 * SMTP in a worker thread of its own (decision 071): composing a message's MIME and talking SMTP
 * allocate some KB per message, and a burst of notices sent on the main thread left that garbage
 * in the main heap, so the next burst of inquiries met its full garbage collections. In the
 * worker they are collected in its own heap, while the event loop answers families. The thread
 * starts with the first message and stops a minute after the last; the process never waits for
 * it unless a message is under way.
 * A send cut off by `signal` resolves at once as not delivered (the lane sends it again later).
 */
export function createMailSender(smtp: SmtpSettings): MailSender {
  let worker: Worker | null = null;
  let nextId = 0;
  let idleTimer: NodeJS.Timeout | undefined;
  const pending = new Map<number, (outcome: SendOutcome) => void>();
  const stopThread = () => {
    clearTimeout(idleTimer);
    const stopping = worker;
    worker = null;
    stopping?.postMessage({ type: 'close' } satisfies ToMailThread);
    stopping?.unref();
  };
  const settle = (id: number, outcome: SendOutcome) => {
    const resolve = pending.get(id);
    if (!resolve) return;
    pending.delete(id);
    if (pending.size === 0) {
      worker?.unref();
      // The thread's memory (about 35 MB) is given back once the mail has stopped for a while.
      clearTimeout(idleTimer);
      idleTimer = setTimeout(stopThread, THREAD_IDLE_MS).unref();
    }
    resolve(outcome);
  };
  const failAll = (answer: string) => {
    worker = null;
    for (const id of [...pending.keys()]) settle(id, { delivered: false, permanent: false, answer });
  };
  const thread = (): Worker => {
    if (worker) return worker;
    const started = workerUrl.pathname.endsWith('.ts')
      ? // A worker thread gets no loader from its parent: under tsx it registers tsx itself first.
        new Worker(
          `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(workerUrl.href)}); });`,
          { eval: true, workerData: smtp },
        )
      : new Worker(workerUrl, { workerData: smtp });
    started.on('message', ({ id, outcome }: FromMailThread) => settle(id, outcome));
    started.on('error', (error) => {
      if (worker === started) failAll(scrub(`the mail thread failed: ${error.message}`, smtp));
    });
    started.on('exit', () => {
      if (worker === started) failAll('the mail thread stopped');
    });
    worker = started;
    return started;
  };
  /** The outcome of message `id`; holds nothing of the message itself while it is under way. */
  const outcomeOf = (id: number, signal: AbortSignal | undefined) =>
    new Promise<SendOutcome>((resolve) => {
      const onAbort = () => settle(id, stoppedOutcome());
      pending.set(id, (outcome) => {
        signal?.removeEventListener('abort', onAbort);
        resolve(outcome);
      });
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  const call = (request: Request, signal?: AbortSignal): Promise<SendOutcome> => {
    if (signal?.aborted) return Promise.resolve(stoppedOutcome());
    const id = nextId;
    nextId += 1;
    const outcome = outcomeOf(id, signal);
    clearTimeout(idleTimer);
    const target = thread();
    target.ref();
    target.postMessage({ ...request, id } satisfies ToMailThread);
    return outcome;
  };
  return {
    send: (mail, signal) => call({ type: 'send', mail }, signal),
    sendNotice: (inquiry, settings, signal) => call({ type: 'notice', inquiry, settings }, signal),
    sendAcknowledgement: (inquiry, settings, words, signal) =>
      call({ type: 'acknowledgement', inquiry, settings, words }, signal),
    verify: () => call({ type: 'verify' }),
    close: stopThread,
  };
}

function stoppedOutcome(): SendOutcome {
  return { delivered: false, permanent: false, answer: 'stopped before the mail server answered' };
}

/** What the mail thread does with one request (mail-worker.ts). */
export function handleInMailThread(sender: MailSender, request: Request): Promise<SendOutcome> {
  switch (request.type) {
    case 'send':
      return sender.send(request.mail);
    case 'notice':
      return sender.sendNotice(request.inquiry, request.settings);
    case 'acknowledgement':
      return sender.sendAcknowledgement(request.inquiry, request.settings, request.words);
    case 'verify':
      return sender.verify();
  }
}

/**
 * SMTP through nodemailer: one pooled connection, reused while notices keep coming (a burst of
 * inquiries is sent over one session, one message at a time). Timeouts are short so a dead server
 * costs a retry, not minutes, and a shutdown is never held up by one. Runs in the mail thread.
 */
export function createDirectMailSender(smtp: SmtpSettings): MailSender {
  // nodemailer is loaded by the mail thread at its first message, not by every server start.
  let made: Transporter | undefined;
  const transport = loadOnce(async () => {
    const { createTransport } = await import('nodemailer');
    made = createTransport({
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
    return made;
  });
  const send: MailSender['send'] = async (mail, signal) => {
    try {
      const info = await (await transport()).sendMail({ ...mail, ...(signal ? { signal } : {}) });
      return { delivered: true, answer: scrub(String(info.response ?? 'accepted'), smtp) };
    } catch (error) {
      return failure(error, smtp);
    }
  };
  return {
    send,
    sendNotice: (inquiry, settings, signal) => send(composeNotice(inquiry, settings), signal),
    sendAcknowledgement: (inquiry, settings, words, signal) =>
      send(composeAcknowledgement(inquiry, settings, words), signal),
    async verify() {
      try {
        await (await transport()).verify();
        return { delivered: true, answer: `connected to ${smtp.server} and signed in` };
      } catch (error) {
        return failure(error, smtp);
      }
    },
    close: () => made?.close(),
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
