import type { Logger } from '../../server/core/log';
import type { CertificateWarning } from '../../storage/file-schemas';
import type { NoticeRecord, OutboxFile } from '../../storage/outbox-file';
import { type AccountChange, type AccountMailSettings, composeAccountNotice } from './account-email.server';
import { composeCertificateNotice } from './certificate-email.server';
import { Lane } from './lane.server';
import type { MailSender } from './mail-sender.server';

/**
 * The emails about changes of her sign-in details (issue 32), through the notices' outbox: a
 * notice is written to outbox.json as waiting (fsync'd) before the change is answered, sent by a
 * lane of its own with the inquiry notices' retries, and, if the process stops first, sent after
 * the next start. Unlike an inquiry's notice, nothing else on disk says it is owed: the outbox's
 * record is the one.
 */
interface Owed {
  id: string;
  /** What she changed; or, instead, the certificate warning (decision 122). */
  change?: AccountChange | undefined;
  certificate?: CertificateWarning | undefined;
}

/** What a notice record of the account lane owes, if anything. */
const owedBy = (record: NoticeRecord): Omit<Owed, 'id'> | undefined =>
  record.change
    ? { change: record.change }
    : record.certificate
      ? { certificate: record.certificate }
      : undefined;

export class AccountNotices {
  private readonly lane: Lane<Owed>;

  constructor(
    private readonly outbox: OutboxFile,
    mailer: Pick<MailSender, 'send'>,
    settings: AccountMailSettings,
    private readonly logger: Pick<Logger, 'info' | 'error'>,
    private readonly now: () => number = Date.now,
  ) {
    this.lane = new Lane<Owed>(
      {
        name: 'account',
        send: ({ id, change, certificate }, signal) =>
          mailer.send(
            certificate
              ? composeCertificateNotice(id, certificate, settings)
              : composeAccountNotice(id, change as AccountChange, settings),
            signal,
          ),
      },
      (record) => this.record(record),
      now,
      // No burst to wait out: a change is rare, and worth most at once.
      () => 0,
    );
    // What a stop left unsent: tried again at once (a restart often follows a fixed setting).
    for (const record of outbox.waiting()) {
      const owed = record.channel === 'account' ? owedBy(record) : undefined;
      if (owed) this.lane.add({ ...record, nextAttemptAt: undefined }, { id: record.inquiryId, ...owed });
    }
  }

  /**
   * Owes the email about `change` under `id` (resolves once that is on disk), then sends it. An id
   * already known (a change noticed twice) is not told again.
   */
  tell(id: string, change: AccountChange): Promise<void> {
    return this.owe(id, { change });
  }

  /**
   * Owes the email saying the certificate is not renewed (decision 122): one per certificate,
   * whatever the retries and restarts, since its id is the certificate's (the outbox keeps a
   * settled notice 30 days, longer than the 14 days of warning before expiry).
   */
  warnCertificate(warning: CertificateWarning): Promise<void> {
    return this.owe(`certificate.${warning.domain}.${Date.parse(warning.notAfter)}`, {
      certificate: warning,
    });
  }

  private async owe(id: string, owed: Omit<Owed, 'id'>): Promise<void> {
    if (this.outbox.get(id, 'account')) return;
    const queuedAt = new Date(this.now()).toISOString();
    const record: NoticeRecord = {
      inquiryId: id,
      channel: 'account',
      state: 'waiting',
      attempts: 0,
      queuedAt,
      updatedAt: queuedAt,
      ...owed,
    };
    await this.outbox.put(record);
    this.lane.add(record, { id, ...owed });
  }

  stop(graceMs: number): Promise<void> {
    return this.lane.stop(graceMs);
  }

  private record(record: NoticeRecord): void {
    const fields = { channel: record.channel, id: record.inquiryId, attempts: record.attempts };
    if (record.state === 'sent') this.logger.info('notice-sent', fields);
    else
      this.logger.error(record.state === 'failed' ? 'notice-failed' : 'notice-retry', {
        ...fields,
        answer: record.lastAnswer,
        nextAttemptAt: record.nextAttemptAt,
      });
    this.outbox.put(record).catch((error: unknown) => {
      // Kept waiting on disk as it was: at worst sent again after a restart (same Message-ID).
      this.logger.error('outbox-not-written', { reason: String((error as Error)?.message ?? error) });
    });
  }
}
