import { type NoticeRecord, outboxVersion1Schema } from './file-schemas';
import { checkSchema } from './open-file';
import { type DataEntry, outboxFile, settledNoticesFile } from './registry';

/**
 * One format upgrade of one registry entry: reads the file at version `from`, gives it at
 * `from + 1`. Pure: it reads only what it is given and writes nothing (src/storage/upgrade.ts
 * stages what it returns, and renames it in only once every step of every file has succeeded).
 */
export interface UpgradeStep {
  /** The version it reads; it gives `from + 1`. */
  from: number;
  /** What changes, for people (the start-up log, decision 120). */
  what: string;
  /**
   * The document at `from` (its `version` already checked) → the same data at `from + 1`; and,
   * when data moves to another file, that file's new text given its current one (null: none).
   * Throw a StorageError (checkSchema does) when the old document is not what that version was.
   */
  run(
    old: Record<string, unknown>,
    file: string,
  ): {
    data: Record<string, unknown>;
    moves?: { entry: DataEntry; text: (current: string | null) => string }[];
  };
}

const lineOf = (record: NoticeRecord) => `${JSON.stringify(record)}\n`;

/** outbox.json 1 → 2 (issue 18): the settled notices move, one a line, to settled-notices.jsonl. */
const outboxFrom1: UpgradeStep = {
  from: 1,
  what: 'the settled notices move to settled-notices.jsonl',
  run(old, file) {
    const v1 = checkSchema(file, `${outboxFile.name} (version 1)`, outboxVersion1Schema, old);
    const header = `${JSON.stringify({ file: 'settled-notices', version: settledNoticesFile.version })}\n`;
    return {
      data: { version: 2, baselines: v1.baselines, waiting: v1.waiting },
      moves: [
        {
          entry: settledNoticesFile,
          // Version 1 had no settled-notices file; one found beside it keeps its lines first.
          text: (current) => (current ?? header) + v1.settled.map(lineOf).join(''),
        },
      ],
    };
  },
};

/**
 * **The upgrade rule**: each entry's list holds one step per version it has had, in order:
 * step i reads version i + 1. An entry at version n has n − 1 steps (src/storage/upgrade.test.ts
 * checks it), so bumping a registry entry's `version` without adding its step fails the tests.
 * Only JSON documents (`{ "version": n, … }`) have steps today; a lines file carries its version
 * in its header line and is refused when newer; a text file or a folder has no version marker in
 * it, so changing one means giving it a marker first (or a new name).
 */
export const upgradeSteps: Readonly<Record<string, readonly UpgradeStep[]>> = {
  [outboxFile.name]: [outboxFrom1],
};
