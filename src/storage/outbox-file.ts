import type { z } from 'zod';
import type { NoticeChannel } from '../features/notices/notices';
import { BatchedWrites } from './batched-writes';
import { type WriteGate, writeDurably } from './durable-write';
import type { ChannelBaseline, NoticeRecord } from './file-schemas';
import { openJsonFile } from './open-file';
import { outboxFile, pathOf, settledNoticesFile } from './registry';
import { SettledNotices } from './settled-notices';

export type { ChannelBaseline, NoticeRecord };

type Baselines = z.infer<typeof outboxFile.schema>['baselines'];

const keyOf = (inquiryId: string, channel: NoticeRecord['channel']) => `${channel}:${inquiryId}`;

/**
 * Changes are gathered for this long before a write. A burst of notices is then a few writes, not
 * one fsync'd rewrite per notice competing with the inquiries' own fsyncs. Losing the last second
 * to a crash costs at most a notice sent again (same Message-ID), never one lost: the inquiry is
 * the record that it is owed.
 */
const GATHER_MS = 1000;

/**
 * outbox.json in DATA_DIR, with this process as its only writer: each channel's baseline and the
 * notices still waiting (few, rewritten as they change). Settled notices go to their own
 * append-only file (settled-notices.ts), so a write costs its own bytes, not every notice ever
 * sent. (The inquiry itself, fsync'd before its 201, is the durable record that a notice is owed;
 * see docs/decisions.) Changes are gathered for a second, and those that arrive during a write go
 * into the next one; each put resolves once it is on disk.
 */
export class OutboxFile {
  private readonly index = new Map<string, NoticeRecord>();
  private readonly waitingRecords = new Map<string, NoticeRecord>();
  /** Settled since the last write: appended by the next one. */
  private newlySettled: NoticeRecord[] = [];
  /** outbox.json differs from what is on disk. */
  private outboxChanged = false;
  // What changed stays in memory and goes out with the next successful write.
  private readonly writes = new BatchedWrites(() => this.write(), {
    gather: (closing) => new Promise((resolve) => setTimeout(resolve, closing ? 0 : GATHER_MS)),
    closedMessage: 'The outbox is closed',
  });

  private constructor(
    private readonly file: string,
    private readonly gate: WriteGate,
    private baselines: Baselines,
    waiting: readonly NoticeRecord[],
    private readonly settledNotices: SettledNotices,
  ) {
    for (const record of waiting) {
      this.index.set(keyOf(record.inquiryId, record.channel), record);
      this.waitingRecords.set(keyOf(record.inquiryId, record.channel), record);
    }
    // A notice both waiting and settled (a crash between the two writes) is settled.
    for (const record of settledNotices.records()) {
      const key = keyOf(record.inquiryId, record.channel);
      this.index.set(key, record);
      if (this.waitingRecords.delete(key)) this.outboxChanged = true;
    }
  }

  /**
   * Opens outbox.json and settled-notices.jsonl in `dataDir` (an outbox.json of version 1, which
   * held the settled notices too, was upgraded at start: upgrade-steps.ts).
   */
  static async open(dataDir: string, gate: WriteGate, now: () => number = Date.now): Promise<OutboxFile> {
    const file = pathOf(dataDir, outboxFile);
    const existing = await openJsonFile({ file, gate }, outboxFile);
    const settled = await SettledNotices.open({ file: pathOf(dataDir, settledNoticesFile), gate }, now);
    const data = existing?.data ?? { version: outboxFile.version, baselines: {}, waiting: [] };
    const outbox = new OutboxFile(file, gate, data.baselines, data.waiting, settled);
    if (existing === null || outbox.outboxChanged) await outbox.writeOutbox();
    return outbox;
  }

  baseline(channel: NoticeChannel): ChannelBaseline | undefined {
    return this.baselines[channel];
  }

  setBaseline(channel: NoticeChannel, baseline: ChannelBaseline): Promise<void> {
    this.baselines = { ...this.baselines, [channel]: baseline };
    this.outboxChanged = true;
    return this.save();
  }

  get(inquiryId: string, channel: NoticeRecord['channel']): NoticeRecord | undefined {
    return this.index.get(keyOf(inquiryId, channel));
  }

  waiting(): NoticeRecord[] {
    return [...this.waitingRecords.values()];
  }

  /** The settled notices kept (the last 30 days), oldest first. */
  settled(): readonly NoticeRecord[] {
    return [...this.settledNotices.records(), ...this.newlySettled];
  }

  /** Records the notice's new state (a copy is kept). A settled notice never changes again. */
  put(record: NoticeRecord): Promise<void> {
    const key = keyOf(record.inquiryId, record.channel);
    const current = this.index.get(key);
    if (current && current.state !== 'waiting') return Promise.resolve();
    const stored = { ...record };
    this.index.set(key, stored);
    if (stored.state === 'waiting') {
      this.waitingRecords.set(key, stored);
      this.outboxChanged = true;
    } else {
      if (this.waitingRecords.delete(key)) this.outboxChanged = true;
      this.newlySettled.push(stored);
    }
    return this.save();
  }

  /** Waits for the writes under way; further changes are refused. */
  close(): Promise<void> {
    return this.writes.close();
  }

  private save(): Promise<void> {
    return this.writes.request();
  }

  /**
   * The settled notices first: one recorded settled that outbox.json still lists as waiting
   * (a crash in between) is read as settled, so it is never sent again.
   */
  private async write(): Promise<void> {
    const batch = this.newlySettled;
    this.newlySettled = [];
    try {
      await this.settledNotices.append(batch);
    } catch (error) {
      this.newlySettled = batch.concat(this.newlySettled);
      throw error;
    }
    if (this.outboxChanged) await this.writeOutbox();
  }

  private async writeOutbox(): Promise<void> {
    this.outboxChanged = false;
    const data = { version: outboxFile.version, baselines: this.baselines, waiting: this.waiting() };
    try {
      await writeDurably(this.gate, this.file, `${JSON.stringify(data)}\n`);
    } catch (error) {
      this.outboxChanged = true;
      throw error;
    }
  }
}
