import type { Inquiry } from '../../shared/api';
import type { NoticeRecord } from '../../storage/outbox-file';
import type { NoticeChannel } from './notices';
import { nextAttemptAt, type SendOutcome } from './retry-schedule.server';

/**
 * One way of telling about an inquiry (the breeder's email, the family's thanks, the webhook), or
 * (T an account change) the email about her sign-in details.
 */
export interface Channel<T = Inquiry> {
  name: T extends Inquiry ? NoticeChannel : 'account';
  send(inquiry: T, signal: AbortSignal): Promise<SendOutcome>;
  /** Lets go of connections once the lane has stopped. */
  close?(): void;
}

interface Item<T> {
  record: NoticeRecord;
  inquiry: T;
}

/**
 * A first try waits while inquiries keep arriving (until a second has passed without one), but
 * never longer than 5 s after its own inquiry: during a burst the families' 201s get the CPU, and
 * the breeder still hears within seconds. (A shorter quiet period is broken by the burst's own
 * pauses, such as a slow fsync, and the sends then compete with the requests.)
 */
const QUIET_MS = 1000;
const MAX_HOLD_MS = 5000;

/**
 * The notices of one channel still to send, sent one at a time, each when it is due. Every try's
 * result goes to `record` (the outbox); a notice is forgotten here once settled.
 */
export class Lane<T = Inquiry> {
  private readonly queue = new Map<string, Item<T>>();
  private running: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private readonly abort = new AbortController();
  private stopped = false;

  constructor(
    readonly channel: Channel<T>,
    private readonly record: (record: NoticeRecord) => void,
    private readonly now: () => number,
    /** When the latest inquiry arrived (ms). */
    private readonly lastArrival: () => number,
  ) {}

  /** A notice to send now (new), or at its recorded time (loaded from the outbox). */
  add(record: NoticeRecord, inquiry: T): void {
    if (this.queue.has(record.inquiryId)) return;
    this.queue.set(record.inquiryId, { record, inquiry });
    this.wake();
  }

  get(inquiryId: string): NoticeRecord | undefined {
    return this.queue.get(inquiryId)?.record;
  }

  waiting(): NoticeRecord[] {
    return [...this.queue.values()].map((item) => item.record);
  }

  /**
   * Sends nothing new; the send under way may finish within `graceMs`, else it is cut off and its
   * notice stays as recorded (waiting), to be sent after the restart.
   */
  async stop(graceMs: number): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (!this.running) return;
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, graceMs);
    });
    await Promise.race([this.running, grace]);
    clearTimeout(timer);
    this.abort.abort();
    await this.running;
  }

  private wake(): void {
    if (this.stopped || this.running) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    // Deferred a turn, so an inquiry's 201 is written before its notice is composed.
    this.running = new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.run());
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      const due = this.earliest();
      if (!due) break;
      const wait = this.startAt(due.record) - this.now();
      if (wait > 0) {
        this.timer = setTimeout(() => this.wake(), wait);
        this.timer.unref();
        break;
      }
      await this.attempt(due);
    }
    this.running = null;
  }

  private startAt(record: NoticeRecord): number {
    if (record.attempts > 0) return dueAt(record);
    return Math.min(this.lastArrival() + QUIET_MS, Date.parse(record.queuedAt) + MAX_HOLD_MS);
  }

  private earliest(): Item<T> | undefined {
    let best: Item<T> | undefined;
    for (const item of this.queue.values()) {
      if (!best || dueAt(item.record) < dueAt(best.record)) best = item;
    }
    return best;
  }

  private async attempt(item: Item<T>): Promise<void> {
    let outcome: SendOutcome;
    try {
      outcome = await this.channel.send(item.inquiry, this.abort.signal);
    } catch (error) {
      outcome = { delivered: false, permanent: false, answer: String((error as Error)?.message ?? error) };
    }
    // Cut off by a shutdown: nothing is known, so nothing is recorded; it is sent again later.
    if (this.abort.signal.aborted && !outcome.delivered) return;
    const now = this.now();
    const attempts = item.record.attempts + 1;
    const base = {
      ...item.record,
      attempts,
      updatedAt: new Date(now).toISOString(),
      lastAnswer: outcome.answer,
    };
    let next: NoticeRecord;
    if (outcome.delivered) {
      next = { ...base, state: 'sent', nextAttemptAt: undefined, failingSince: undefined };
    } else {
      const at = nextAttemptAt(attempts, outcome.permanent, Date.parse(item.record.queuedAt), now);
      next = {
        ...base,
        state: at === null ? 'failed' : 'waiting',
        nextAttemptAt: at === null ? undefined : new Date(at).toISOString(),
        failingSince: item.record.failingSince ?? base.updatedAt,
      };
    }
    if (next.state === 'waiting') this.queue.set(next.inquiryId, { record: next, inquiry: item.inquiry });
    else this.queue.delete(next.inquiryId);
    this.record(withoutUndefined(next));
  }
}

function dueAt(record: NoticeRecord): number {
  return record.nextAttemptAt ? Date.parse(record.nextAttemptAt) : 0;
}

function withoutUndefined(record: NoticeRecord): NoticeRecord {
  return Object.fromEntries(
    Object.entries(record).filter(([, value]) => value !== undefined),
  ) as NoticeRecord;
}
