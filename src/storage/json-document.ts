import type { z } from 'zod';
import { OneChangeAtATime } from './one-change-at-a-time';
import { DurableJsonFile, type FileAt, openJsonFile } from './open-file';
import type { JsonFileEntry } from './registry';

export interface OpenDocumentOptions {
  /** With no file yet: write the initial data at once (the default), or only with the first change. */
  writeInitial?: boolean;
}

/**
 * A JSON data file with this process as its only writer, for a feature that keeps a small
 * document: opened with the one open routine, changed one change at a time, each change on disk
 * (fsync'd) before its promise resolves and before `data` shows it. A failed write (disk full)
 * leaves both the file and `data` as they were; the next change tries again.
 */
export class JsonDocument<S extends z.ZodType> {
  private readonly changes = new OneChangeAtATime();
  private readonly listeners = new Set<() => void>();

  private constructor(
    private readonly adapter: DurableJsonFile<z.output<S>>,
    private committed: z.output<S>,
  ) {}

  /**
   * Opens the file (checked against the entry's schema; an older version was upgraded at start).
   * With none yet, `initial()`'s data is written at once, or with `writeInitial: false` held in
   * memory until the first change writes the file (sales.json and account.json appear then).
   */
  static async open<S extends z.ZodType>(
    at: FileAt,
    entry: JsonFileEntry<S>,
    initial: () => Promise<z.output<S>>,
    options: OpenDocumentOptions = {},
  ): Promise<JsonDocument<S>> {
    const adapter = new DurableJsonFile<z.output<S>>(at);
    const existing = await openJsonFile(at, entry);
    if (existing) return new JsonDocument(adapter, existing.data);
    const data = await initial();
    if (options.writeInitial ?? true) await adapter.write(data);
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
      for (const listener of this.listeners) listener();
      return { before, result };
    });
  }

  /** Called after each committed change, before the next change runs. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Waits for the change under way; further changes are refused. */
  close(): Promise<void> {
    return this.changes.close();
  }
}

/**
 * A document's data without its `version`, for the code that keeps it (the version is the file's,
 * set at each write): made once per committed data, so `data` stays the same object until a change.
 */
export class WithoutVersion<D extends { version: unknown }> {
  private last: { from: D; data: Omit<D, 'version'> } | undefined;

  of(data: D): Omit<D, 'version'> {
    if (this.last?.from !== data) {
      const { version: _version, ...rest } = data;
      this.last = { from: data, data: rest };
    }
    return this.last.data;
  }
}
