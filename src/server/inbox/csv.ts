import type { Inquiry } from '../../shared/api';
import { sourceName, type VisitSource } from '../../shared/visit-source';

/** The export's columns, in order: issue 11's, then where the inquiry came from (issue 22). */
export const CSV_HEADER = [
  'Date',
  'Name',
  'Email',
  'Phone',
  'Puppy',
  'Message',
  'Source',
  'Campaign',
] as const;

type SourceOf = (id: string) => VisitSource | undefined;

/** A byte-order mark, so spreadsheet programs read the file as UTF-8 and show accents right. */
export const BOM = '\uFEFF';

/**
 * A spreadsheet treats a cell starting with one of these as a formula (or, for tab and carriage
 * return, strips them and then may). Prefixing such a cell with an apostrophe makes it text:
 * the OWASP advice against CSV injection.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell, RFC 4180: quoted when it holds a comma, a quote or a line break, quotes doubled. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const csvRow = (cells: readonly string[]) => `${cells.map(csvCell).join(',')}\r\n`;

function inquiryRow(inquiry: Inquiry, source: VisitSource | undefined): string {
  return csvRow([
    inquiry.createdAt,
    inquiry.name,
    inquiry.email,
    inquiry.phone ?? '',
    inquiry.puppy ?? '',
    inquiry.message,
    // Empty for inquiries from before sources were recorded.
    source ? sourceName(source) : '',
    source?.campaign ?? '',
  ]);
}

/**
 * The whole file as chunks (BOM and header first), so a caller can stream thousands of rows
 * without building one large string. Lines end in CRLF as RFC 4180 says; a line break inside a
 * message is kept as typed, inside its quotes.
 */
export function* inquiriesCsv(
  inquiries: Iterable<Inquiry>,
  rowsPerChunk = 500,
  sourceOf: SourceOf = () => undefined,
): Generator<string> {
  let chunk = BOM + csvRow(CSV_HEADER);
  let rows = 0;
  for (const inquiry of inquiries) {
    chunk += inquiryRow(inquiry, sourceOf(inquiry.id));
    rows += 1;
    if (rows === rowsPerChunk) {
      yield chunk;
      chunk = '';
      rows = 0;
    }
  }
  if (chunk) yield chunk;
}

/** `inquiries-YYYY-MM-DD.csv` for the given day (the server's; the dashboard names its own). */
export function csvFileName(day: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `inquiries-${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}.csv`;
}
