import assert from 'node:assert/strict';
import * as cheerio from 'cheerio';

/** Fetches a page and parses it as a crawler or a browser without scripts would see it. */
export async function fetchDocument(url: string): Promise<cheerio.CheerioAPI> {
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status}`);
  return cheerio.load(await res.text());
}

/** The text a reader sees: whitespace runs collapsed, ends trimmed. */
export const text = (node: { text(): string }) => node.text().replace(/\s+/g, ' ').trim();

/** The section whose h2 reads exactly `heading`, asserting there is one such heading. */
export function sectionWithHeading($: cheerio.CheerioAPI, heading: string) {
  const found = $('h2').filter((_, el) => text($(el)) === heading);
  assert.equal(found.length, 1, `one h2 "${heading}"`);
  return found.closest('section');
}
