import type { Logger } from '../../server/core/log';
import { type MailSender, nextAttemptAt } from '../notices/index';
import type { FamilyService } from './family-service.server';

/** The family's link email. */
export function linkMail(brand: string, familyName: string, url: string) {
  return {
    kind: 'link' as const,
    subject: `Your family page at ${brand}`,
    text: [
      `Hello ${familyName},`,
      '',
      'Here is your own page: your puppy, the photos and news we post, what is paid and due, and go-home day.',
      '',
      url,
      '',
      'Keep this link to yourself: anyone who has it can see your page. No password is needed.',
      '',
      brand,
    ].join('\n'),
  };
}

/** The day-before reminder of go-home day. */
export function reminderMail(
  brand: string,
  familyName: string,
  puppyName: string,
  when: string,
  place: string,
  url: string,
) {
  return {
    kind: 'reminder' as const,
    subject: `Tomorrow: ${puppyName} comes home`,
    text: [
      `Hello ${familyName},`,
      '',
      `Tomorrow is go-home day for ${puppyName}: ${when}${place ? `, ${place}` : ''}.`,
      ...(url ? ['', 'What to bring and the details are on your page:', url] : []),
      '',
      brand,
    ].join('\n'),
  };
}

/**
 * Sends the emails to families queued in family.json, one at a time, each when it is due, and
 * records each try there (the outbox of the family emails: durable, resumed after a restart).
 * The same SMTP thread and retry schedule as the inquiry notices (decisions 050, 071).
 */
export function startFamilyMail({
  family,
  sender,
  from,
  replyTo,
  logger,
  now = Date.now,
}: {
  family: FamilyService;
  sender: Pick<MailSender, 'send' | 'close'>;
  from: string;
  replyTo: string;
  logger: Logger;
  now?: () => number;
}) {
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const abort = new AbortController();

  const dueAt = (mail: { nextAttemptAt?: string }) =>
    mail.nextAttemptAt ? Date.parse(mail.nextAttemptAt) : 0;

  const run = async () => {
    while (!stopped) {
      const waiting = family.waitingMails().sort((a, b) => dueAt(a) - dueAt(b));
      const next = waiting[0];
      if (!next) break;
      const wait = dueAt(next) - now();
      if (wait > 0) {
        clearTimeout(timer);
        timer = setTimeout(wake, Math.min(wait, 2 ** 31 - 1)).unref();
        break;
      }
      const outcome = await sender.send(
        // Plain text only: a link to the page, never the photos as attachments.
        {
          from,
          to: [next.to],
          replyTo: next.replyTo ?? replyTo,
          subject: next.subject,
          text: next.text,
        } as Parameters<MailSender['send']>[0],
        abort.signal,
      );
      if (abort.signal.aborted && !outcome.delivered) break;
      const attempts = next.attempts + 1;
      const at = new Date(now()).toISOString();
      const retry = outcome.delivered
        ? null
        : nextAttemptAt(attempts, outcome.permanent, Date.parse(next.queuedAt), now());
      const state = outcome.delivered ? 'sent' : retry === null ? 'failed' : 'waiting';
      logger[outcome.delivered ? 'info' : 'error'](`family-mail-${state}`, {
        id: next.id,
        kind: next.kind,
        attempts,
      });
      try {
        await family.settleMail(next.id, {
          state,
          attempts,
          updatedAt: at,
          lastAnswer: outcome.answer,
          ...(retry === null ? {} : { nextAttemptAt: new Date(retry).toISOString() }),
        });
      } catch (error) {
        logger.error('family-mail-not-recorded', { error: String(error) });
        break;
      }
    }
    running = null;
  };

  function wake() {
    if (stopped || running) return;
    running = new Promise<void>((resolve) => setImmediate(resolve)).then(run);
  }

  const stopListening = family.onChange(wake);
  wake();
  return {
    wake,
    async stop(graceMs: number) {
      stopped = true;
      stopListening();
      clearTimeout(timer);
      if (running) {
        let grace: NodeJS.Timeout | undefined;
        await Promise.race([running, new Promise((resolve) => (grace = setTimeout(resolve, graceMs)))]);
        clearTimeout(grace);
        abort.abort();
        await running;
      }
      sender.close();
    },
  };
}
