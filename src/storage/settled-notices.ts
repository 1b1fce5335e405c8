import { appendDurably, removeStaleTempFiles, StorageError, writeDurably } from './durable-write';
import { type NoticeRecord, settledNoticesHeaderSchema } from './file-schemas';
import { checkSchema, type FileAt, parseJson, readDataFile } from './open-file';
import { settledNoticesFile } from './registry';

/** Settled notices are kept this long after they settled (the dashboard shows them per inquiry). */
export const SETTLED_KEPT_MS = 30 * 24 * 60 * 60_000;

const header = `${JSON.stringify({ file: 'settled-notices', version: settledNoticesFile.version })}\n`;
const lineOf = (record: NoticeRecord) => `${JSON.stringify(record)}\n`;

/**
 * settled-notices.jsonl: the notices that were sent, failed or skipped, one JSON object a line
 * after a header line. A settled notice never changes, so each write appends only its own lines
 * (a few hundred bytes), however many are kept; those settled more than 30 days ago are dropped
 * by a rewrite at start and by the first write a day after the last pruning. This process is the only writer; the outbox calls
 * append() from its own batched writes, never two at once.
 */
export class SettledNotices {
  /** Set when an append failed: the file may end in part of a line, so it is rewritten whole. */
  private rewriteNeeded = false;
  private prunedAt: number;

  private constructor(
    private readonly at: FileAt,
    private kept: NoticeRecord[],
    private readonly now: () => number,
  ) {
    this.prunedAt = now();
  }

  /**
   * Reads the file (or, with none yet, writes its header). A line that is not a notice refuses the file, untouched — except a last line
   * without its newline, which is the part of an append a crash cut off (that notice was not
   * yet recorded as settled, so it is still owed): it is dropped. Then what is older than 30
   * days is pruned.
   */
  static async open(at: FileAt, now: () => number): Promise<SettledNotices> {
    const text = await readDataFile(at.file);
    let records: NoticeRecord[];
    let rewrite = text === null;
    if (text === null) records = [];
    else {
      const lines = text.split('\n');
      const tail = lines.pop();
      if (tail !== '') rewrite = true;
      const [first, ...rest] = lines;
      // The header is written with the file, in one atomic step: a file without it is not ours.
      if (first === undefined) refuse(at.file, 'no header line');
      checkSchema(at.file, settledNoticesFile.name, settledNoticesHeaderSchema, parseJson(at.file, first));
      records = rest.map((line, index) =>
        checkSchema(
          at.file,
          `${settledNoticesFile.name} (line ${index + 2})`,
          settledNoticesFile.schema,
          parseJson(at.file, line),
        ),
      );
    }
    await removeStaleTempFiles(at.gate, at.file);
    const settled = new SettledNotices(at, records, now);
    const before = settled.kept.length;
    settled.kept = settled.kept.filter((record) => !settled.expired(record));
    if (rewrite || settled.kept.length < before) await settled.rewrite();
    return settled;
  }

  /** Oldest first. */
  records(): readonly NoticeRecord[] {
    return this.kept;
  }

  /** Writes `batch` (settled since the last write); with a day since the last pruning, prunes too. */
  async append(batch: readonly NoticeRecord[]): Promise<void> {
    if (batch.length === 0 && !this.rewriteNeeded) return;
    const next = this.kept.concat(batch);
    if (this.rewriteNeeded || this.now() - this.prunedAt >= 24 * 60 * 60_000) {
      const previous = this.kept;
      this.kept = next;
      try {
        await this.rewrite();
      } catch (error) {
        this.kept = previous;
        throw error;
      }
      return;
    }
    try {
      await appendDurably(this.at.gate, this.at.file, batch.map(lineOf).join(''));
    } catch (error) {
      this.rewriteNeeded = true;
      throw error;
    }
    this.kept = next;
  }

  private expired(record: NoticeRecord): boolean {
    return this.now() - Date.parse(record.updatedAt) > SETTLED_KEPT_MS;
  }

  /** The whole file anew (temp file and rename): pruned, and whole again after a failed append. */
  private async rewrite(): Promise<void> {
    const kept = this.kept.filter((record) => !this.expired(record));
    await writeDurably(this.at.gate, this.at.file, header + kept.map(lineOf).join(''));
    this.kept = kept;
    this.prunedAt = this.now();
    this.rewriteNeeded = false;
  }
}

function refuse(file: string, why: string): never {
  throw new StorageError(
    `Data file ${file} is not a settled-notices file (${why}). It was left untouched: restore it from a backup or move it aside.`,
  );
}
