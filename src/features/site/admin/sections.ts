import { format } from 'date-fns/format';
import { isValid } from 'date-fns/isValid';
import { parseISO } from 'date-fns/parseISO';
import type { SiteContent } from '../site-content';
import { siteText } from './site-text';

/** The editor's sections, in the page's order (the search and sharing words last: not on the page). */
export const SECTION_IDS = [
  'hero',
  'deal',
  'about',
  'puppies',
  'sold',
  'parents',
  'why',
  'health',
  'contact',
  'footer',
  'seo',
] as const;
export type SectionId = (typeof SECTION_IDS)[number];

export const isSectionId = (value: string): value is SectionId =>
  (SECTION_IDS as readonly string[]).includes(value);

/** The content's top-level keys each section edits: a field error under one marks the section. */
const KEYS: Record<SectionId, readonly string[]> = {
  hero: ['brand', 'hero'],
  deal: ['deal', 'prices'],
  about: ['litter', 'about'],
  puppies: ['puppies'],
  sold: ['sold'],
  parents: ['parents'],
  why: ['why'],
  health: ['health'],
  contact: ['contact'],
  footer: ['footer'],
  seo: ['seo'],
};

/** Whether any of `errors` (keyed by path, "prices.single") is a field of the section. */
export function sectionHasErrors(section: SectionId, errors: Record<string, string>): boolean {
  return Object.keys(errors).some((path) => KEYS[section].includes(path.split('.')[0] ?? ''));
}

const dollars = (n: number) => `$${n.toLocaleString('en-US')}`;
const join = (...parts: (string | false | undefined)[]) =>
  parts.filter((part): part is string => typeof part === 'string' && part.trim() !== '').join(' · ');
/** One line: what she wrote, with its line breaks as spaces (the list cuts it to fit). */
const line = (text: string) => text.replace(/\s+/g, ' ').trim();

/** "Born Mar 1, 2020": the date as she picked it (a calendar day, no time zone). */
function bornOn(iso: string): string | undefined {
  const day = parseISO(iso);
  return isValid(day) ? siteText.summaries.born(format(day, 'MMM d, yyyy')) : undefined;
}

/** What a section holds, in one line, for the list she picks a section from. */
export function sectionSummary(section: SectionId, c: SiteContent): string {
  const s = siteText.summaries;
  switch (section) {
    case 'hero':
      return join(line(c.hero.headline), s.slides(c.hero.slides.length));
    case 'deal':
      return join(
        s.prices(dollars(c.prices.single), dollars(c.prices.pair)),
        c.deal.shown ? line(c.deal.heading) : s.dealHidden,
      );
    case 'about':
      return join(bornOn(c.litter.born), line(c.litter.location), line(c.litter.genetics));
    case 'puppies':
      return line(c.puppies.intro);
    case 'sold':
      return line(c.sold.intro);
    case 'parents':
      return join(
        s.parent(siteText.fields.mother, c.parents.mother?.name),
        s.parent(siteText.fields.father, c.parents.father?.name),
      );
    case 'why':
      return join(s.cards(c.why.cards.length), line(c.why.heading));
    case 'health':
      return c.health.items.map((item) => line(item.title)).join(', ');
    case 'contact':
      return line(c.contact.heading);
    case 'footer':
      return join(line(c.footer.tagline), `© ${c.footer.copyrightYear}`);
    case 'seo':
      return line(c.seo.title);
  }
}
