import type { z } from 'zod';
import type { Logger } from '../../server/core/log';
import type { Inquiry } from '../../shared/api';
import type { JsonDocument } from '../../storage/json-document';
import type { NewInquiry } from '../../storage/records';
import { inquiryTriageFile } from '../../storage/registry';
import type { Storage } from '../../storage/storage';
import {
  type FormTimer,
  messageKey,
  reasonText,
  type SpamReason,
  type SpamVerdict,
  scoreInquiry,
} from './spam-rules.server';

type TriageData = z.output<typeof inquiryTriageFile.schema>;

/** Likely spam older than this is deleted by itself (issue 32). */
const HELD_KEPT_MS = 30 * 24 * 60 * 60_000;
/** How often the 30-day rule is applied: a day late at most matters to no one. */
const PURGE_EVERY_MS = 60 * 60_000;

const empty = async (): Promise<TriageData> => ({ version: 1, held: {}, released: {}, deleted: {} });

/**
 * Spam and scam triage (issue 32, decision 113). Each inquiry is scored before it is stored;
 * likely spam is stored like any other (inquiries.json is never told), and held back here, in
 * DATA_DIR/inquiry-triage.json: out of the inbox but under "Likely spam", no notice. "Not spam"
 * lets it through (its notice is sent then), "Delete" and the 30-day rule hide it for good.
 */
export class InquiryTriage {
  /** A message's key → the address that first sent it ("the same message sent before"). */
  private readonly firstSenders = new Map<string, string>();
  private timer: NodeJS.Timeout | undefined;
  /** Removes deleted inquiries' words from the data files (erase.server.ts); set once all are open. */
  private eraser: ((ids: readonly string[]) => Promise<void>) | undefined;

  private constructor(
    private readonly document: JsonDocument<typeof inquiryTriageFile.schema>,
    private readonly logger: Pick<Logger, 'error'>,
    private readonly now: () => number,
    private readonly fastMs: number | undefined,
  ) {}

  static async open(deps: {
    storage: Pick<Storage, 'openDocument'>;
    /** Every stored inquiry, newest first: what "sent before" compares with. */
    inquiries: readonly Inquiry[];
    logger: Pick<Logger, 'error'>;
    now?: () => number;
    /** The time trap's limit (config SPAM_FAST_SECONDS); 0 turns it off. */
    fastMs?: number;
  }): Promise<InquiryTriage> {
    const document = await deps.storage.openDocument(inquiryTriageFile, empty);
    const triage = new InquiryTriage(document, deps.logger, deps.now ?? Date.now, deps.fastMs);
    for (let i = deps.inquiries.length - 1; i >= 0; i -= 1) triage.remember(deps.inquiries[i] as Inquiry);
    return triage;
  }

  private get data(): Readonly<TriageData> {
    return this.document.data;
  }

  /** Scores an inquiry about to be stored; `puppyNames` are those a family might name. */
  assess(input: NewInquiry, timer: FormTimer, puppyNames: readonly string[]): SpamVerdict {
    const key = messageKey(input.message);
    const first = key ? this.firstSenders.get(key) : undefined;
    const repeated = first !== undefined && first !== input.email.trim().toLowerCase();
    return scoreInquiry({
      name: input.name,
      message: input.message,
      puppy: input.puppy,
      timer,
      repeated,
      puppyNames,
      fastMs: this.fastMs,
    });
  }

  /** Notes a stored inquiry's message, for the next ones' "sent before". */
  remember(inquiry: Pick<Inquiry, 'message' | 'email'>): void {
    const key = messageKey(inquiry.message);
    if (key && !this.firstSenders.has(key)) this.firstSenders.set(key, inquiry.email.trim().toLowerCase());
  }

  /** Holds a stored inquiry back as likely spam; resolves once that is on disk. */
  async hold(inquiry: Inquiry, verdict: SpamVerdict): Promise<void> {
    const entry = {
      heldAt: new Date(this.now()).toISOString(),
      score: verdict.score,
      reasons: verdict.reasons,
    };
    await this.document.change((data) => [
      { ...data, held: { ...data.held, [inquiry.id]: entry } },
      undefined,
    ]);
  }

  isHeld(id: string): boolean {
    return Object.hasOwn(this.data.held, id);
  }

  isDeleted(id: string): boolean {
    return Object.hasOwn(this.data.deleted, id);
  }

  /** Not in the inbox: held as likely spam, or deleted. */
  isHidden(id: string): boolean {
    return this.isHeld(id) || this.isDeleted(id);
  }

  /** Why an inquiry is held, in words; undefined when it is not. */
  reasonsOf(id: string): string[] | undefined {
    const held = Object.hasOwn(this.data.held, id) ? this.data.held[id] : undefined;
    return held?.reasons.map((reason) => reasonText(reason as SpamReason));
  }

  /** Every stored inquiry that the inbox and the notices see, newest first. */
  visible<T extends { id: string }>(inquiries: readonly T[]): T[] {
    return inquiries.filter((inquiry) => !this.isHidden(inquiry.id));
  }

  /** "Not spam": into the inbox, durably. False when it was not held. */
  async release(id: string): Promise<boolean> {
    const { result } = await this.document.change((data): [TriageData, boolean] => {
      if (!Object.hasOwn(data.held, id)) return [data, false];
      const { [id]: _released, ...held } = data.held;
      const at = new Date(this.now()).toISOString();
      return [{ ...data, held, released: { ...data.released, [id]: at } }, true];
    });
    return result;
  }

  /** Every inquiry deleted (by her or by the 30-day rule). */
  deletedIds(): string[] {
    return Object.keys(this.data.deleted);
  }

  /**
   * From now on a deletion also removes the inquiry's words from DATA_DIR (`erase` never throws);
   * the deletions not yet erased (a crash part-way, a full disk) are erased now.
   */
  async eraseWith(erase: (ids: readonly string[]) => Promise<void>): Promise<void> {
    this.eraser = erase;
    await erase(this.deletedIds());
  }

  /**
   * "Delete": a held inquiry hidden for good, durably, then its words removed from the data
   * files before this resolves. False when it was not held.
   */
  async remove(id: string): Promise<boolean> {
    const { result } = await this.document.change((data) => removed(data, [id], this.now()));
    if (result > 0) await this.eraser?.([id]);
    return result > 0;
  }

  /**
   * Deletes likely spam held for more than 30 days, and erases every deletion not yet erased
   * (one a full disk stopped, say); how many were deleted.
   */
  async purge(): Promise<number> {
    const cutoff = this.now() - HELD_KEPT_MS;
    const old = Object.entries(this.data.held)
      .filter(([, entry]) => Date.parse(entry.heldAt) < cutoff)
      .map(([id]) => id);
    const result =
      old.length === 0 ? 0 : (await this.document.change((data) => removed(data, old, this.now()))).result;
    await this.eraser?.(this.deletedIds());
    return result;
  }

  /**
   * Applies the 30-day rule every hour (the timer never keeps the process up) and now: resolves
   * once this first run is done, so a started site serves nothing the rule removes.
   */
  startPurging(): Promise<void> {
    const run = () =>
      this.purge().then(
        () => {},
        (error) => this.logger.error('spam-purge', { error: String(error) }),
      );
    this.timer = setInterval(run, PURGE_EVERY_MS);
    this.timer.unref();
    return run();
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

function removed(data: TriageData, ids: readonly string[], now: number): [TriageData, number] {
  const held = { ...data.held };
  const deleted = { ...data.deleted };
  const at = new Date(now).toISOString();
  let count = 0;
  for (const id of ids) {
    if (!Object.hasOwn(held, id)) continue;
    delete held[id];
    deleted[id] = at;
    count += 1;
  }
  return count === 0 ? [data, 0] : [{ ...data, held, deleted }, count];
}
