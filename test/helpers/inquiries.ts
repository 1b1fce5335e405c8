import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as cheerio from 'cheerio';
import type { Inquiry } from '../../src/shared/api';
import { PAGE_STATE_ID, type PageState } from '../../src/shared/page-state';

/** A valid inquiry; spread it and change one field to test that field. */
export const validInquiry = {
  name: 'Jane Doe',
  email: 'jane@example.com',
  message: 'We would love to meet the puppies this weekend.',
} as const;

/** A distinct valid inquiry, so a test can find its own among everything stored. */
export const uniqueInquiry = (label: string) => ({
  ...validInquiry,
  email: `${label}-${Math.random().toString(36).slice(2)}@example.com`,
});

export function postInquiry(url: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${url}/api/inquiries`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** The contact form posted as a browser with scripts off does; redirects are not followed. */
export function postForm(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${url}/`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

export const inquiriesFile = (dataDir: string) => path.join(dataDir, 'inquiries.json');

/** What inquiries.json holds, parsed (fails the test if it is not valid JSON). */
export async function readInquiriesFile(dataDir: string): Promise<{ version: number; inquiries: Inquiry[] }> {
  return JSON.parse(await readFile(inquiriesFile(dataDir), 'utf8'));
}

export async function storedWithEmail(dataDir: string, email: string): Promise<Inquiry[]> {
  return (await readInquiriesFile(dataDir)).inquiries.filter((inquiry) => inquiry.email === email);
}

/** The page state the server rendered into the page, or {} when there is none. */
export function pageStateOf(html: string): PageState {
  const text = cheerio.load(html)(`script#${PAGE_STATE_ID}`).text();
  return text ? JSON.parse(text) : {};
}

/**
 * The CSV export's header row as the product defines it (docs/product.md): the spec's columns,
 * then issue 20's, then issue 22's, then issue 29's. Written out here, not imported from the server, so a change
 * of the server's columns fails the tests that compare against it.
 */
export const EXPECTED_CSV_HEADER = [
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
  'Application',
];

/** A cell as the export writes a text a spreadsheet would run as a formula: with a leading `'`. */
const asCsvText = (value: string): string => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/**
 * The export's row for an inquiry seeded as a file, about which nothing is kept yet: "New", no
 * notes, no reservation, no deposit, and no source (none was recorded). Written out, as the header is.
 */
export function expectedCsvRowOfSeeded(inquiry: Inquiry): string[] {
  return [
    inquiry.createdAt,
    inquiry.name,
    inquiry.email,
    inquiry.phone ?? '',
    inquiry.puppy ?? '',
    inquiry.message,
    'New',
    '',
    '',
    '',
    '',
    '',
    '',
  ].map(asCsvText);
}
