/** What the admin API says about the inquiry notices; read by the dashboard. */

/** email: to the breeder; acknowledgement: the family's "Thanks for your inquiry"; webhook: a POST. */
export type NoticeChannel = 'email' | 'acknowledgement' | 'webhook';

/** skipped: an acknowledgement not sent because that address had one in the last 24 hours. */
type NoticeState = 'waiting' | 'sent' | 'failed' | 'skipped';

/** One notice of one inquiry. */
export interface NoticeView {
  channel: NoticeChannel;
  state: NoticeState;
  attempts: number;
  /** ISO time of the last change (the send, the failure). */
  updatedAt: string;
  /** ISO time of the next try, while waiting. */
  nextAttemptAt?: string;
  /** The receiving server's last answer, without credentials. */
  lastAnswer?: string;
}

/** A channel whose notices are not getting through. */
export interface NoticeProblem {
  channel: NoticeChannel;
  /** Notices still being retried. */
  waiting: number;
  /** Notices given up on since the channel last delivered one. */
  failed: number;
  /** ISO time of the oldest failure among them. */
  since: string;
  lastAnswer: string;
}

/** GET /api/notices */
export interface NoticesStatus {
  /** Which channels are configured. */
  channels: Record<NoticeChannel, boolean>;
  problems: NoticeProblem[];
}

/** GET /api/notices/:inquiryId */
export interface InquiryNotices {
  inquiryId: string;
  notices: NoticeView[];
}
