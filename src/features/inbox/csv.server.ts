import type { Inquiry } from '../../shared/api';
import { formatDollars, type InquirySale, statusLabels } from '../../shared/sales';
import { sourceName, type VisitSource } from '../../shared/visit-source';

/**
 * The export's columns, in order: the inquiry's own (issue 11), then where the sale stands
 * (issue 20), then where the inquiry came from (issue 22).
 */
export const CSV_HEADER = [
  'Date',
  'Name',
  'Email',
  'Phone',
  'Puppy',
  'Message',
  'Status',
  'Notes',
  'Puppy reserved',
  'Deposit',
  'Source',
  'Campaign',
  // Issue 29: an application's questions as asked and the answers, one a line.
  'Application',
] as const;

type SourceOf = (id: string) => VisitSource | undefined;

const NO_SALE: InquirySale = { status: 'new', notes: [], reservation: null };

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

function inquiryRow(
  inquiry: Inquiry,
  sale: InquirySale,
  source: VisitSource | undefined,
  application: string,
): string {
  const { deposit } = sale.reservation ?? {};
  return csvRow([
    inquiry.createdAt,
    inquiry.name,
    inquiry.email,
    inquiry.phone ?? '',
    inquiry.puppy ?? '',
    inquiry.message,
    statusLabels[sale.status],
    // Newest first, one a line, each after its time: as the details show them.
    sale.notes.map((note) => `${note.at}: ${note.text}`).join('\n'),
    sale.reservation?.puppyName ?? '',
    deposit ? `${formatDollars(deposit.cents)} ${deposit.method} ${deposit.receivedOn}` : '',
    // Empty for inquiries from before sources were recorded.
    source ? sourceName(source) : '',
    source?.campaign ?? '',
    application,
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
  saleOf: (inquiry: Inquiry) => InquirySale = () => NO_SALE,
  /** The application's cell ("" for an inquiry that is none). */
  applicationOf: (id: string) => string = () => '',
): Generator<string> {
  let chunk = BOM + csvRow(CSV_HEADER);
  let rows = 0;
  for (const inquiry of inquiries) {
    chunk += inquiryRow(inquiry, saleOf(inquiry), sourceOf(inquiry.id), applicationOf(inquiry.id));
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
