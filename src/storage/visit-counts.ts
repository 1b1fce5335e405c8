import type { z } from 'zod';
import type { DayCounts } from './file-schemas';
import { DurableJsonFile, type FileAt, openJsonFile } from './open-file';
import { visitsFile } from './registry';

export type { DayCounts };

type VisitsFile = z.infer<typeof visitsFile.schema>;

/** Two years: the last 12 months and the 12 before them, for the comparison. */
const KEEP_DAYS = 2 * 366;

const emptyDay = (): DayCounts => ({
  views: 0,
  visitors: 0,
  phoneViews: 0,
  sources: {},
  mediums: {},
  campaigns: {},
});

interface VisitCountsOptions {
  /** How often changed counts are written (at most once per this), in ms. */
  writeEveryMs?: number;
  onWriteError?: (error: unknown) => void;
}

/**
 * visits.json: page views and visitors per day, with their sources, mediums and campaigns. No
 * address, user agent or hash is ever in it. Counting happens in memory; the changes are written
 * at most once a minute (and on close), so a visit never costs a disk write: a crash loses at most
 * the last minute's counts, and each write is durable (fsync'd temp file renamed over the file).
 * A day is a few hundred bytes, so two years of days is a small file. This process is its only writer.
 */
export class VisitCounts {
  private changed = false;
  private writing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  private constructor(
    private readonly adapter: DurableJsonFile<VisitsFile>,
    private readonly days: Map<string, DayCounts>,
    private readonly options: Required<VisitCountsOptions>,
  ) {}

  static async open(at: FileAt, options: VisitCountsOptions = {}): Promise<VisitCounts> {
    const adapter = new DurableJsonFile<VisitsFile>(at);
    const existing = (await openJsonFile(at, visitsFile))?.data ?? null;
    const days = new Map(Object.entries(existing?.days ?? {}));
    return new VisitCounts(adapter, days, {
      writeEveryMs: options.writeEveryMs ?? 60_000,
      onWriteError: options.onWriteError ?? (() => {}),
    });
  }

  /** The counts of a day, to be changed in place; then call changedNow(). */
  day(key: string): DayCounts {
    let counts = this.days.get(key);
    if (!counts) {
      counts = emptyDay();
      this.days.set(key, counts);
    }
    return counts;
  }

  /** Every day counted (read-only), for the reports. */
  all(): ReadonlyMap<string, DayCounts> {
    return this.days;
  }

  /** Marks the counts changed: they are written within writeEveryMs. */
  changedNow(): void {
    if (this.closed) return;
    this.changed = true;
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, this.options.writeEveryMs).unref();
  }

  /** Writes what changed now (waits for a write under way first). */
  flush(): Promise<void> {
    this.writing = this.writing.then(async () => {
      if (!this.changed) return;
      this.changed = false;
      this.prune();
      try {
        await this.adapter.write({ version: visitsFile.version, days: Object.fromEntries(this.days) });
      } catch (error) {
        // Kept in memory and tried again at the next change (or on close).
        this.changed = true;
        this.options.onWriteError(error);
      }
    });
    return this.writing;
  }

  /** Writes what is left; counting stops. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  private prune(): void {
    if (this.days.size <= KEEP_DAYS) return;
    const keys = [...this.days.keys()].sort();
    for (const key of keys.slice(0, keys.length - KEEP_DAYS)) this.days.delete(key);
  }
}
