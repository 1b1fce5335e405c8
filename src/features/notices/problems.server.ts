import type { NoticeRecord } from '../../storage/outbox-file';
import type { NoticeChannel, NoticeProblem } from './notices';

/**
 * Per channel, the notices it gave up on since it last delivered one, and its last failure: what
 * the dashboard's alert reports. Once a channel delivers again, older failures stop alerting
 * (each inquiry's details still say "failed").
 */
export class ProblemTracker {
  private readonly failedSinceSuccess = new Map<NoticeChannel, NoticeRecord[]>();
  private readonly lastFailure = new Map<NoticeChannel, NoticeRecord>();

  /** Settled records in the order they settled, then each new try's record as it comes. */
  observe(record: NoticeRecord): void {
    // Account notices (issue 32) go through the same mail server as the breeder's: not reported apart.
    if (record.channel === 'account') return;
    if (record.state === 'sent') this.failedSinceSuccess.set(record.channel, []);
    if (record.state === 'failed') {
      const list = this.failedSinceSuccess.get(record.channel) ?? [];
      list.push(record);
      this.failedSinceSuccess.set(record.channel, list);
    }
    if ((record.state === 'failed' || record.state === 'waiting') && record.attempts > 0) {
      const last = this.lastFailure.get(record.channel);
      if (!last || record.updatedAt >= last.updatedAt) this.lastFailure.set(record.channel, record);
    }
  }

  /** `waiting`: the channel's notices still queued. A problem when any has failed a try, or gave up. */
  problem(channel: NoticeChannel, waiting: readonly NoticeRecord[]): NoticeProblem | undefined {
    const failing = waiting.filter((record) => record.attempts > 0);
    const failed = this.failedSinceSuccess.get(channel) ?? [];
    if (failing.length === 0 && failed.length === 0) return undefined;
    const since = [...failing, ...failed]
      .map((record) => record.failingSince ?? record.updatedAt)
      .reduce((a, b) => (a < b ? a : b));
    return {
      channel,
      waiting: waiting.length,
      failed: failed.length,
      since,
      lastAnswer: this.lastFailure.get(channel)?.lastAnswer ?? '',
    };
  }
}
