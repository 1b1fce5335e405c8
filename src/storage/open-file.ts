import { readFile } from 'node:fs/promises';
import type { Adapter } from 'lowdb';
import type { z } from 'zod';
import { removeStaleTempFiles, StorageError, type WriteGate, writeDurably } from './durable-write';
import type { JsonFileEntry } from './registry';

/** Where a data file is and the gate its writes pass (one per data directory). */
export interface FileAt {
  file: string;
  gate: WriteGate;
}

const leftUntouched = 'It was left untouched: restore it from a backup or move it aside.';

/** The file's text, or null when there is none yet. */
export async function readDataFile(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new StorageError(`Cannot read data file ${file}: ${(error as Error).message}`);
  }
}

/** Parses one JSON value of a data file, refusing (untouched) what is not JSON. */
export function parseJson(file: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new StorageError(
      `Data file ${file} is not valid JSON (${(error as Error).message}). ${leftUntouched}`,
    );
  }
}

/** Checks a value against the entry's schema: the parsed value, or a StorageError naming the first problem. */
export function checkSchema<S extends z.ZodType>(
  file: string,
  what: string,
  schema: S,
  value: unknown,
): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
  throw new StorageError(
    `Data file ${file} is not a valid ${what} file (${issue?.message ?? 'unexpected content'}${where}). ${leftUntouched}`,
  );
}

/**
 * What a JSON data file holds, checked: null when there is no file yet. Writes nothing. An older
 * format was upgraded at start (upgrade.ts) before anything opens a file, so another version here
 * is refused: a newer one naming both versions (never a silent downgrade).
 */
export async function readJsonFile<S extends z.ZodType>(
  file: string,
  entry: JsonFileEntry<S>,
): Promise<{ data: z.output<S> } | null> {
  const text = await readDataFile(file);
  if (text === null) return null;
  const value = parseJson(file, text);
  const version = (value as { version?: unknown } | null)?.version;
  const readable = version === entry.version || entry.readsAsIs?.includes(version as number) === true;
  if (typeof value === 'object' && value !== null && !Array.isArray(value) && !readable) {
    if (typeof version === 'number' && version > entry.version)
      throw new StorageError(newerVersionMessage(file, version, entry.version));
    throw new StorageError(
      `Data file ${file} has format version ${String(version)}, expected ${entry.version} (an older one is upgraded when the server starts). ${leftUntouched}`,
    );
  }
  return { data: checkSchema(file, entry.name, entry.schema, value) };
}

/** Said when a file is newer than this release: naming both versions, never a silent downgrade. */
export function newerVersionMessage(file: string, found: number, current: number): string {
  return (
    `Data file ${file} has format version ${found}, but this release reads version ${current}: ` +
    'it was written by a newer release of the app. Run that release (or a newer one); this one ' +
    `does not downgrade data. ${leftUntouched}`
  );
}

/**
 * The one open routine of a JSON data file this process is the only writer of: reads and
 * checks it (format version, schema; a corrupt or foreign file is refused, untouched), then
 * removes temp files a killed process left. Null when there is no file yet.
 */
export async function openJsonFile<S extends z.ZodType>(
  at: FileAt,
  entry: JsonFileEntry<S>,
): Promise<{ data: z.output<S> } | null> {
  const existing = await readJsonFile(at.file, entry);
  await removeStaleTempFiles(at.gate, at.file);
  return existing;
}

interface DurableJsonFileOptions<T> {
  /** The file's content for the data, as text or byte chunks; defaults to compact JSON and a newline. */
  serialize?: (data: T) => string | readonly Uint8Array[];
}

/**
 * A lowdb adapter over writeDurably: its writes survive a crash or power cut and pass the
 * data directory's write gate. Reading goes through openJsonFile, not through this adapter.
 */
export class DurableJsonFile<T> implements Adapter<T> {
  private readonly serialize: (data: T) => string | readonly Uint8Array[];

  constructor(
    private readonly at: FileAt,
    options: DurableJsonFileOptions<T> = {},
  ) {
    this.serialize = options.serialize ?? ((data) => `${JSON.stringify(data)}\n`);
  }

  async read(): Promise<T | null> {
    throw new StorageError(`${this.at.file} is read with openJsonFile`);
  }

  write(data: T): Promise<void> {
    return writeDurably(this.at.gate, this.at.file, this.serialize(data));
  }
}
