import type { NoticeChannel, NoticeState } from '../shared/notices';
import { BatchedWrites } from './batched-writes';
import { DurableJsonFile, StorageError } from './durable-json-file';
import { JsonArrayEncoder } from './json-array-encoder';

const OUTBOX_FORMAT_VERSION = 1;

/** Where one notice of one inquiry stands. */
export interface NoticeRecord {
  inquiryId: string;
  channel: NoticeChannel;
  state: NoticeState;
  /** Tries made so far. */
  attempts: number;
  /** When the inquiry arrived: retries end 3 days after. */
  queuedAt: string;
  updatedAt: string;
  /** The first failed try of a notice still waiting or failed. */
  failingSince?: string;
  nextAttemptAt?: string;
  /** The receiving server's last answer, already scrubbed of credentials. */
  lastAnswer?: string;
  /** Acknowledgements only: the address, lower-cased (at most one per address per 24 hours). */
  to?: string;
}

/**
 * Inquiries stored before a channel was turned on get no notice from it: the newest inquiry at
 * that moment marks the line.
 */
export interface ChannelBaseline {
  enabledAt: string;
  afterInquiryId: string | null;
}

interface OutboxData {
  version: number;
  baselines: Partial<Record<NoticeChannel, ChannelBaseline>>;
  /** Notices still to send: few, rewritten as they change. */
  waiting: NoticeRecord[];
  /** Sent, failed or skipped: final, only ever appended, so their encoding is kept between writes. */
  settled: NoticeRecord[];
}

const keyOf = (inquiryId: string, channel: NoticeChannel) => `${channel}:${inquiryId}`;

/**
 * Changes are gathered for this long before a write. A burst of notices is then a few writes, not
 * one fsync'd rewrite per notice competing with the inquiries' own fsyncs. Losing the last second
 * to a crash costs at most a notice sent again (same Message-ID), never one lost: the inquiry is
 * the record that it is owed.
 */
const GATHER_MS = 1000;

/**
 * outbox.json in DATA_DIR, with this process as its only writer: the state of every notice.
 * (The inquiry itself, fsync'd before its 201, is the durable record that a notice is owed; see
 * docs/decisions.) Changes are gathered for a second, and those that arrive during a write go
 * into the next one; each put resolves once it is on disk.
 */
export class OutboxFile {
  private readonly index = new Map<string, NoticeRecord>();
  private readonly waitingRecords = new Map<string, NoticeRecord>();
  // What changed stays in memory and goes out with the next successful write.
  private readonly writes = new BatchedWrites(
    async () => {
      this.data.waiting = [...this.waitingRecords.values()];
      await this.adapter.write(this.data);
    },
    {
      gather: (closing) => new Promise((resolve) => setTimeout(resolve, closing ? 0 : GATHER_MS)),
      closedMessage: 'The outbox is closed',
    },
  );

  private constructor(
    private readonly adapter: DurableJsonFile<OutboxData>,
    private readonly data: OutboxData,
  ) {
    for (const record of data.settled) this.index.set(keyOf(record.inquiryId, record.channel), record);
    for (const record of data.waiting) {
      this.index.set(keyOf(record.inquiryId, record.channel), record);
      this.waitingRecords.set(keyOf(record.inquiryId, record.channel), record);
    }
  }

  static async open(file: string): Promise<OutboxFile> {
    const encoder = new JsonArrayEncoder<NoticeRecord>();
    const adapter = new DurableJsonFile<OutboxData>(file, {
      serialize: (data) => [
        Buffer.from(
          `{"version":${data.version},"baselines":${JSON.stringify(data.baselines)},"waiting":${JSON.stringify(data.waiting)},"settled":[`,
        ),
        encoder.encode(data.settled),
        Buffer.from(']}\n'),
      ],
    });
    const existing = await adapter.read();
    if (existing !== null && !isOutboxData(existing)) {
      throw new StorageError(
        `Data file ${file} is not an outbox of format version ${OUTBOX_FORMAT_VERSION}. It was left untouched: restore it from a backup or move it aside.`,
      );
    }
    await adapter.removeStaleTempFiles();
    const data = existing ?? { version: OUTBOX_FORMAT_VERSION, baselines: {}, waiting: [], settled: [] };
    if (existing === null) await adapter.write(data);
    return new OutboxFile(adapter, data);
  }

  baseline(channel: NoticeChannel): ChannelBaseline | undefined {
    return this.data.baselines[channel];
  }

  setBaseline(channel: NoticeChannel, baseline: ChannelBaseline): Promise<void> {
    this.data.baselines = { ...this.data.baselines, [channel]: baseline };
    return this.save();
  }

  get(inquiryId: string, channel: NoticeChannel): NoticeRecord | undefined {
    return this.index.get(keyOf(inquiryId, channel));
  }

  waiting(): NoticeRecord[] {
    return [...this.waitingRecords.values()];
  }

  settled(): readonly NoticeRecord[] {
    return this.data.settled;
  }

  /** Records the notice's new state (a copy is kept). A settled notice never changes again. */
  put(record: NoticeRecord): Promise<void> {
    const key = keyOf(record.inquiryId, record.channel);
    const current = this.index.get(key);
    if (current && current.state !== 'waiting') return Promise.resolve();
    const stored = { ...record };
    this.index.set(key, stored);
    if (stored.state === 'waiting') this.waitingRecords.set(key, stored);
    else {
      this.waitingRecords.delete(key);
      this.data.settled.push(stored);
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
}

function isOutboxData(data: unknown): data is OutboxData {
  const file = data as Partial<OutboxData> | null;
  return (
    typeof file === 'object' &&
    file !== null &&
    file.version === OUTBOX_FORMAT_VERSION &&
    typeof file.baselines === 'object' &&
    file.baselines !== null &&
    Array.isArray(file.waiting) &&
    Array.isArray(file.settled)
  );
}
