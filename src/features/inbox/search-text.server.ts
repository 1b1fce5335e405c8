import type { Inquiry } from '../../shared/api';
import type { InquiryNote } from '../../shared/sales';

/**
 * Lower case without accents (NFD, then the combining marks dropped), so "Zoë", "ZOE" and "zoe"
 * match each other. NFKD would also fold ligatures and full-width letters; NFD is what people
 * type and leaves the text's other characters alone.
 */
export function normalizeForSearch(text: string): string {
  // Most text is plain ASCII, which has no marks to strip: skip the costly decomposition.
  if (!NON_ASCII.test(text)) return text.toLowerCase();
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

const NON_ASCII = /[\u0080-\uffff]/;

const digitsOnly = (text: string) => text.replace(/\D/g, '');

/** A query word that is a phone number (or a piece of one): digits with phone punctuation. */
const PHONE_LIKE = /^[\d\s().+-]*\d[\d\s().+-]*$/;

/**
 * The searchable text of an inquiry: name, email, phone (as typed and as bare digits) and message,
 * normalized. Inquiries never change once stored, so this is computed once per inquiry object and
 * kept for as long as the object lives: a search of 10,000 inquiries normalizes only the query.
 */
const haystacks = new WeakMap<Inquiry, string>();

function searchTextOf(inquiry: Inquiry): string {
  let text = haystacks.get(inquiry);
  if (text === undefined) {
    const phone = inquiry.phone ?? '';
    // Fields are joined by a character no query word contains, so a word never spans two fields.
    text = [inquiry.name, inquiry.email, phone, digitsOnly(phone), inquiry.message]
      .map(normalizeForSearch)
      .join('\u0000');
    haystacks.set(inquiry, text);
  }
  return text;
}

/** The breeder's notes, normalized: computed once per list (a new note makes a new list). */
const noteHaystacks = new WeakMap<readonly InquiryNote[], string>();

function notesTextOf(notes: readonly InquiryNote[]): string {
  if (notes.length === 0) return '';
  let text = noteHaystacks.get(notes);
  if (text === undefined) {
    text = notes.map((note) => normalizeForSearch(note.text)).join('\u0000');
    noteHaystacks.set(notes, text);
  }
  return text;
}

/**
 * A compiled search: every word of the query must appear somewhere in the inquiry or the
 * breeder's notes on it (in any field, in any order). A word that looks like a phone number also
 * matches the phone's digits, so "(928) 555" finds "928-555-0100".
 */
export function compileSearch(
  query: string,
): ((inquiry: Inquiry, notes?: readonly InquiryNote[]) => boolean) | null {
  const words = normalizeForSearch(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  const needles = words.map((word) => {
    const digits = PHONE_LIKE.test(word) ? digitsOnly(word) : '';
    return { word, digits };
  });
  return (inquiry, notes = []) => {
    const text = searchTextOf(inquiry);
    const noted = notesTextOf(notes);
    return needles.every(
      ({ word, digits }) =>
        text.includes(word) ||
        (digits !== '' && text.includes(digits)) ||
        (noted !== '' && noted.includes(word)),
    );
  };
}

/**
 * Computes the search text of inquiries already stored, a slice per turn of the event loop, so
 * that the first search after a start does not pay for all of them while requests keep flowing.
 */
export async function warmSearchText(inquiries: readonly Inquiry[], slice = 500): Promise<void> {
  for (let i = 0; i < inquiries.length; i += slice) {
    for (const inquiry of inquiries.slice(i, i + slice)) searchTextOf(inquiry);
    await new Promise((resolve) => setImmediate(resolve));
  }
}
