import type { z } from 'zod';
import { OneChangeAtATime } from './one-change-at-a-time';
import { DurableJsonFile, type FileAt, openJsonFile } from './open-file';
import type { JsonFileEntry } from './registry';

/**
 * A JSON data file with this process as its only writer, for a feature that keeps a small
 * document: opened with the one open routine, changed one change at a time, each change on disk
 * (fsync'd) before its promise resolves and before `data` shows it. A failed write (disk full)
 * leaves both the file and `data` as they were; the next change tries again.
 */
export class JsonDocument<S extends z.ZodType> {
  private readonly changes = new OneChangeAtATime();

  private constructor(
    private readonly adapter: DurableJsonFile<z.output<S>>,
    private committed: z.output<S>,
  ) {}

  /** Opens the file; with none yet (or one of an older version, upgraded), writes `initial()`'s. */
  static async open<S extends z.ZodType>(
    at: FileAt,
    entry: JsonFileEntry<S>,
    initial: () => Promise<z.output<S>>,
  ): Promise<JsonDocument<S>> {
    const adapter = new DurableJsonFile<z.output<S>>(at);
    const existing = await openJsonFile(at, entry);
    if (existing) return new JsonDocument(adapter, existing.data);
    const data = await initial();
    await adapter.write(data);
    return new JsonDocument(adapter, data);
  }

  /** What the file holds now. Never mutate it: changes go through change(). */
  get data(): Readonly<z.output<S>> {
    return this.committed;
  }

  /**
   * Applies `apply` to the latest data and writes the result; a throw from `apply` changes
   * nothing. Resolves with what `apply` returned once the new data is on disk.
   */
  change<T>(apply: (data: z.output<S>) => [z.output<S>, T]): Promise<{ before: z.output<S>; result: T }> {
    return this.changes.run(async () => {
      const before = this.committed;
      const [after, result] = apply(before);
      await this.adapter.write(after);
      this.committed = after;
      return { before, result };
    });
  }

  /** Waits for the change under way; further changes are refused. */
  close(): Promise<void> {
    return this.changes.close();
  }
}
