import type { z } from 'zod';
import { JsonDocument, WithoutVersion } from './json-document';
import type { FileAt } from './open-file';
import { salesFile } from './registry';
import type { InquirySaleRecord, ReservationRecord, SalesData } from './sales-schema';

export type { InquirySaleRecord, ReservationRecord, SalesData };

type SalesFormat = z.output<typeof salesFile.schema>['version'];

/**
 * Version 2 only adds the application statuses (issue 29, decision 131): a file is written as
 * version 1 until it holds one of them, so an earlier release reads it as before; from then on it
 * is version 2, which an earlier release refuses rather than misreads (decision 120).
 */
const STATUSES_OF_VERSION_2: ReadonlySet<string> = new Set(['applied', 'approved', 'declined']);

const formatFor = (data: SalesData, current: SalesFormat): SalesFormat =>
  current === salesFile.version ||
  Object.values(data.inquiries).some((record) => record.status && STATUSES_OF_VERSION_2.has(record.status))
    ? salesFile.version
    : current;

const emptySales = async () => ({
  version: 1 as const,
  inquiries: {},
  reservations: [],
  waitlist: [],
  nextLitter: null,
});

/**
 * sales.json: statuses, notes, reservations, the waitlist and the next litter: a JsonDocument
 * (one change at a time, each on disk before its promise resolves and before `data` shows it; a
 * change that throws changes nothing), with listeners told of each change.
 */
export class SalesFile {
  /** Counts the changes since start: what is derived from the data is kept until it moves. */
  revision = 0;
  private readonly view = new WithoutVersion<Readonly<z.output<typeof salesFile.schema>>>();

  private constructor(private readonly document: JsonDocument<typeof salesFile.schema>) {
    document.onChange(() => {
      this.revision += 1;
    });
  }

  /** Opens the file (none yet reads as empty; nothing is written until the first change). */
  static async open(at: FileAt): Promise<SalesFile> {
    return new SalesFile(await JsonDocument.open(at, salesFile, emptySales, { writeInitial: false }));
  }

  /** What the file holds now. Never mutate it: changes go through change(). */
  get data(): Readonly<SalesData> {
    return this.view.of(this.document.data);
  }

  /** Called after each committed change, before the next change runs. */
  onChange(listener: () => void): () => void {
    return this.document.onChange(listener);
  }

  /** Applies `apply` to the latest data and writes the result; a throw from `apply` changes nothing. */
  async change<T>(apply: (data: SalesData) => [SalesData, T]): Promise<T> {
    const { result } = await this.document.change((current) => {
      const [after, result] = apply(this.view.of(current));
      return [{ version: formatFor(after, current.version), ...after }, result];
    });
    return result;
  }

  close(): Promise<void> {
    return this.document.close();
  }
}
