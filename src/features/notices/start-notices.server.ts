import type { Config } from '../../server/core/config';
import type { Logger } from '../../server/core/log';
import type { Inquiry } from '../../shared/api';
import type { AccountChange, CertificateWarning } from '../../storage/file-schemas';
import type { Storage } from '../../storage/storage';
import { AccountNotices } from './account-notices.server';
import { createChannels } from './channels.server';
import type { AcknowledgementText } from './compose.server';
import { createMailSender } from './mail-sender.server';
import type { NoticesStatus, NoticeView } from './notices';
import { Notifier } from './notifier.server';

/** The notices as the rest of the server sees them. */
export interface Notices {
  /** The inquiry is stored: queue its notices; returns at once. */
  enqueue(inquiry: Inquiry): void;
  status(): NoticesStatus;
  /** Inquiries about to be removed for good: the channels' baselines move past them (Notifier). */
  forgetting(ids: ReadonlySet<string>, newestFirst: readonly Inquiry[]): Promise<void>;
  noticesOf(inquiryId: string): NoticeView[];
  /**
   * A change of her sign-in details: its email to NOTIFY_EMAIL is owed on disk when this
   * resolves (issue 32), then sent. Nothing without email notices.
   */
  tellAccount(id: string, change: AccountChange): Promise<void>;
  /**
   * The site's certificate is not renewed and expires within 14 days (decision 122): its one
   * email to NOTIFY_EMAIL is owed on disk when this resolves. Nothing without email notices.
   */
  warnCertificate(warning: CertificateWarning): Promise<void>;
  /** Sends under way get `graceMs`; everything unsent stays owed for the next start. */
  stop(graceMs: number): Promise<void>;
}

const off: Notices = {
  enqueue: () => {},
  status: () => ({ channels: { email: false, acknowledgement: false, webhook: false }, problems: [] }),
  forgetting: async () => {},
  noticesOf: () => [],
  tellAccount: async () => {},
  warnCertificate: async () => {},
  stop: async () => {},
};

/**
 * Opens the outbox (outbox.json and settled-notices.jsonl in DATA_DIR) and resumes sending what is owed. With no channel configured there is
 * nothing to open: the site works as it did before notices.
 */
export async function startNotices(deps: {
  config: Pick<Config, 'notify' | 'publicUrl'>;
  storage: Pick<Storage, 'openOutbox'>;
  listInquiries: () => Promise<Inquiry[]>;
  logger: Logger;
  /** The thank-you email's words, from the content published when it is sent. */
  acknowledgement: () => AcknowledgementText;
}): Promise<Notices> {
  const { notify, publicUrl } = deps.config;
  const channels = createChannels(notify, publicUrl, deps.acknowledgement);
  if (channels.length === 0) return off;
  const outbox = await deps.storage.openOutbox();
  const account = notify.smtp
    ? new AccountNotices(
        outbox,
        createMailSender(notify.smtp),
        { from: notify.mailFrom, to: notify.notifyEmails, timeZone: notify.timeZone, publicUrl },
        deps.logger,
      )
    : undefined;
  const notifier = await Notifier.start({
    outbox,
    channels,
    listInquiries: deps.listInquiries,
    logger: deps.logger,
    alsoStop: account && ((graceMs) => account.stop(graceMs)),
  });
  return {
    enqueue: (inquiry) => notifier.enqueue(inquiry),
    status: () => notifier.status(),
    forgetting: (ids, newestFirst) => notifier.forgetting(ids, newestFirst),
    noticesOf: (inquiryId) => notifier.noticesOf(inquiryId),
    tellAccount: async (id, change) => account?.tell(id, change),
    warnCertificate: async (warning) => account?.warnCertificate(warning),
    stop: (graceMs) => notifier.stop(graceMs),
  };
}
