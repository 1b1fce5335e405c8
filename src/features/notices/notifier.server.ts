import type { Logger } from '../../server/core/log';
import type { Inquiry } from '../../shared/api';
import type { NoticeRecord, OutboxFile } from '../../storage/outbox-file';
import { SETTLED_KEPT_MS } from '../../storage/settled-notices';
import { type Channel, Lane } from './lane.server';
import type { NoticeChannel, NoticesStatus, NoticeView } from './notices';
import { ProblemTracker } from './problems.server';

const ACKNOWLEDGEMENT_INTERVAL_MS = 24 * 60 * 60_000;
const allChannels: NoticeChannel[] = ['email', 'acknowledgement', 'webhook'];

export interface NotifierDeps {
  outbox: OutboxFile;
  channels: Channel[];
  /** Every stored inquiry, newest first. */
  listInquiries(): Promise<Inquiry[]>;
  logger: Logger;
  now?: () => number;
  /** Another sender over the same outbox (the account notices): stopped before the outbox closes. */
  alsoStop?: ((graceMs: number) => Promise<void>) | undefined;
}

/**
 * Sends the notices of every stored inquiry, and keeps sending them across restarts. An inquiry,
 * fsync'd before its 201, is itself the record that its notices are owed: at start, every inquiry
 * newer than a channel's baseline without a settled notice is queued again.
 */
export class Notifier {
  private readonly lanes: Lane[];
  private readonly problems = new ProblemTracker();
  /** Acknowledged addresses and when (the inquiry's time), for at most one per 24 hours. */
  private readonly acknowledged = new Map<string, number>();
  private lastArrival = 0;

  private constructor(private readonly deps: NotifierDeps) {
    const now = deps.now ?? Date.now;
    this.lanes = deps.channels.map(
      (channel) =>
        new Lane(
          channel,
          (record) => this.record(record),
          now,
          () => this.lastArrival,
        ),
    );
  }

  static async start(deps: NotifierDeps): Promise<Notifier> {
    const notifier = new Notifier(deps);
    await notifier.resume();
    return notifier;
  }

  /** Called once the inquiry is stored; returns at once (the 201 never waits for a notice). */
  enqueue(inquiry: Inquiry): void {
    this.lastArrival = (this.deps.now ?? Date.now)();
    for (const lane of this.lanes) this.queue(lane, inquiry, undefined);
  }

  /**
   * Inquiries about to be removed for good (deleted likely spam, decision 113): a channel whose
   * baseline is one of them moves it to the newest older inquiry that stays, so the walk at the
   * next start still stops exactly where it did. Resolves once outbox.json has it.
   */
  async forgetting(ids: ReadonlySet<string>, newestFirst: readonly Inquiry[]): Promise<void> {
    const { outbox } = this.deps;
    for (const lane of this.lanes) {
      const baseline = outbox.baseline(lane.channel.name);
      if (!baseline?.afterInquiryId || !ids.has(baseline.afterInquiryId)) continue;
      const at = newestFirst.findIndex((inquiry) => inquiry.id === baseline.afterInquiryId);
      const older = at < 0 ? undefined : newestFirst.slice(at + 1).find((inquiry) => !ids.has(inquiry.id));
      await outbox.setBaseline(lane.channel.name, { ...baseline, afterInquiryId: older?.id ?? null });
    }
  }

  status(): NoticesStatus {
    const channels = Object.fromEntries(
      allChannels.map((name) => [name, this.lanes.some((lane) => lane.channel.name === name)]),
    ) as Record<NoticeChannel, boolean>;
    const problems = this.lanes.flatMap(
      (lane) => this.problems.problem(lane.channel.name, lane.waiting()) ?? [],
    );
    return { channels, problems };
  }

  noticesOf(inquiryId: string): NoticeView[] {
    return allChannels.flatMap((channel) => {
      const lane = this.lanes.find((candidate) => candidate.channel.name === channel);
      const record = lane?.get(inquiryId) ?? this.deps.outbox.get(inquiryId, channel);
      if (!record) return [];
      const { state, attempts, updatedAt, nextAttemptAt, lastAnswer } = record;
      return [{ channel, state, attempts, updatedAt, nextAttemptAt, lastAnswer }];
    });
  }

  /** Sends under way get `graceMs` to finish; the rest stays queued on disk for the next start. */
  async stop(graceMs: number): Promise<void> {
    await Promise.all([...this.lanes.map((lane) => lane.stop(graceMs)), this.deps.alsoStop?.(graceMs)]);
    for (const lane of this.lanes) lane.channel.close?.();
    await this.deps.outbox.close();
  }

  private async resume(): Promise<void> {
    const { outbox } = this.deps;
    for (const record of outbox.settled()) this.observe(record);
    for (const record of outbox.waiting()) this.observe(record);
    const inquiries = await this.deps.listInquiries();
    const newest = inquiries[0]?.id ?? null;
    const nowMs = (this.deps.now ?? Date.now)();
    const now = new Date(nowMs).toISOString();
    // An older inquiry without a record had its notice settled and pruned since (retries end
    // after 3 days): it is not owed again.
    const forgotten = new Date(nowMs - SETTLED_KEPT_MS).toISOString();
    for (const lane of this.lanes) {
      const name = lane.channel.name;
      let baseline = outbox.baseline(name);
      if (!baseline) {
        baseline = { enabledAt: now, afterInquiryId: newest };
        await outbox.setBaseline(name, baseline);
      }
      const owed: Inquiry[] = [];
      for (const inquiry of inquiries) {
        if (inquiry.id === baseline.afterInquiryId || inquiry.createdAt < baseline.enabledAt) break;
        owed.push(inquiry);
      }
      // Oldest first: the order they arrived, which also decides which thanks are due.
      for (const inquiry of owed.reverse()) {
        const record = outbox.get(inquiry.id, name);
        // A waiting notice is tried again at once: a restart often follows a fixed setting.
        if (!record) {
          if (inquiry.createdAt >= forgotten) this.queue(lane, inquiry, undefined);
        } else if (record.state === 'waiting')
          this.queue(lane, inquiry, { ...record, nextAttemptAt: undefined });
      }
    }
    const found = new Set(inquiries.map((inquiry) => inquiry.id));
    for (const record of outbox.waiting()) {
      // An account notice (issue 32) is its own record: AccountNotices sends it.
      if (record.channel === 'account' || found.has(record.inquiryId)) continue;
      const gone = 'the inquiry is no longer stored';
      this.record({ ...record, state: 'failed', updatedAt: now, lastAnswer: gone });
    }
  }

  private queue(lane: Lane, inquiry: Inquiry, stored: NoticeRecord | undefined): void {
    const record: NoticeRecord = stored ?? {
      inquiryId: inquiry.id,
      channel: lane.channel.name,
      state: 'waiting',
      attempts: 0,
      queuedAt: inquiry.createdAt,
      updatedAt: inquiry.createdAt,
    };
    if (lane.channel.name === 'acknowledgement' && !stored) {
      const to = inquiry.email.trim().toLowerCase();
      const last = this.acknowledged.get(to);
      const at = Date.parse(inquiry.createdAt);
      if (last !== undefined && at - last < ACKNOWLEDGEMENT_INTERVAL_MS) {
        this.record({
          ...record,
          state: 'skipped',
          to,
          lastAnswer: 'a thank-you went to this address in the last 24 hours',
        });
        return;
      }
      this.acknowledged.set(to, at);
      record.to = to;
    }
    lane.add(record, inquiry);
  }

  private observe(record: NoticeRecord): void {
    this.problems.observe(record);
    if (record.channel === 'acknowledgement' && record.to && record.state !== 'skipped') {
      const at = Date.parse(record.queuedAt);
      if ((this.acknowledged.get(record.to) ?? -Infinity) < at) this.acknowledged.set(record.to, at);
    }
  }

  private record(record: NoticeRecord): void {
    this.observe(record);
    const fields = { channel: record.channel, inquiryId: record.inquiryId, attempts: record.attempts };
    if (record.state === 'sent') this.deps.logger.info('notice-sent', fields);
    else if (record.state !== 'skipped')
      this.deps.logger.error(record.state === 'failed' ? 'notice-failed' : 'notice-retry', {
        ...fields,
        answer: record.lastAnswer,
        nextAttemptAt: record.nextAttemptAt,
      });
    this.deps.outbox.put(record).catch((error: unknown) => {
      // Kept in memory and written with the next change; at worst resent after a restart.
      this.deps.logger.error('outbox-not-written', { reason: String((error as Error)?.message ?? error) });
    });
  }
}
