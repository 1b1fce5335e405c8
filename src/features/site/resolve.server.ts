import { TZDate } from '@date-fns/tz';
import { differenceInCalendarDays } from 'date-fns/differenceInCalendarDays';
import { differenceInCalendarMonths } from 'date-fns/differenceInCalendarMonths';
import { format } from 'date-fns/format';
import {
  type ClientContent,
  DEFAULT_CLIENT_CONTENT,
  formatPrice,
  type PageContent,
} from '../../shared/page-content';
import { offeredPuppies, type PagePuppies } from '../../shared/page-puppies';
import { linesOf, paragraphsOf, type SiteContent } from './site-content';
import { about } from './spec-content.server';

/** The day the page is shown, in the breeder's time zone: the computed age changes at her midnight. */
export function todayIn(timeZone: string, now = Date.now()): string {
  return format(new TZDate(now, timeZone), 'yyyy-MM-dd');
}

const dayOf = (iso: string) => new Date(`${iso}T00:00:00`);

/** "February 9, 2025" */
export const formatBorn = (iso: string) => format(dayOf(iso), 'MMMM d, yyyy');

/** From the birth date: days for the first week, weeks until 16 weeks, then months, then years. */
export function ageFrom(born: string, today: string): string {
  const days = Math.max(0, differenceInCalendarDays(dayOf(today), dayOf(born)));
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'} old`;
  if (days < 7) return unit(days, 'day');
  if (days < 16 * 7) return unit(Math.floor(days / 7), 'week');
  const months =
    differenceInCalendarMonths(dayOf(today), dayOf(born)) -
    (dayOf(today).getDate() < dayOf(born).getDate() ? 1 : 0);
  if (months < 24) return unit(months, 'month');
  return unit(Math.floor(months / 12), 'year');
}

/** The litter's age as the page shows it today: her own words, or worked out from the birth date. */
function ageOf(content: SiteContent, today: string): string {
  return content.litter.ageMode === 'computed' ? ageFrom(content.litter.born, today) : content.litter.age;
}

/** "BEST DEAL - SAVE $800!" from the prices, unless she wrote her own label. */
export function pairLabelOf(content: SiteContent): string {
  const { pairLabel, pair, pairRegular } = content.prices;
  if (pairLabel) return pairLabel;
  return pairRegular > pair ? `BEST DEAL - SAVE ${formatPrice(pairRegular - pair)}!` : 'BEST DEAL';
}

/**
 * The count the about badge shows: the puppies a family can still choose. A function of the
 * puppies list, so a reserved puppy (issue 20) only has to be left out here.
 */
const availableCount = (puppies: PagePuppies): number => offeredPuppies(puppies).length;

export function availableBadge(count: number): string | null {
  if (count === 0) return null;
  return `Only ${count} ${count === 1 ? 'Puppy' : 'Puppies'} Available!`;
}

/**
 * The about badge (decision 082). Her own words when she chose "As written". Counted otherwise
 * (the seed's choice), except while the puppies are still the seed's, untouched: then the spec's
 * words, "Only 4 Puppies Available!" of its litter of four, so a fresh install is the spec's page.
 */
function badgeOf(
  content: SiteContent,
  puppies: PagePuppies,
  seedPuppies: boolean,
  fill: (text: string) => string,
): string | null {
  if (content.about.badgeMode === 'written') return fill(content.about.badge) || null;
  return seedPuppies ? about.badge : availableBadge(availableCount(puppies));
}

/**
 * The litter's age as the page states it: the content's (her words, or computed) while the litter
 * the page speaks of is the one the content was written for; once another litter is born, its own
 * age in words, counted from its birth date (issue 27: the facts follow the litter).
 */
export function litterAgeOf(content: SiteContent, today: string, litterBorn?: string): string {
  return litterBorn && litterBorn !== content.litter.born
    ? ageFrom(litterBorn, today)
    : ageOf(content, today);
}

/**
 * The words placeholders stand for: every text field may use them (the editor lists them).
 * `litterBorn`: the birth date of the litter the page speaks of (decision 121); {born} and {age}
 * follow it, so a new litter marked born is the page's "Born" without rewriting her content.
 */
export function factsOf(content: SiteContent, today: string, litterBorn?: string): Record<string, string> {
  return {
    born: formatBorn(litterBorn || content.litter.born),
    age: litterAgeOf(content, today, litterBorn),
    location: content.litter.location,
    genetics: content.litter.genetics,
    price: formatPrice(content.prices.single),
    pairPrice: formatPrice(content.prices.pair),
  };
}

/** Replaces {born}, {age}, … with today's facts; an unknown {word} stays as typed. */
export function fillFacts(text: string, facts: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => facts[name] ?? whole);
}

/**
 * The published content as the page shows it today, with these puppies; `seedPuppies`: they are
 * still those a first start wrote, none changed, sold or reserved (the about badge keeps the
 * spec's words).
 */
export function resolveContent(
  content: SiteContent,
  puppies: PagePuppies,
  today: string,
  seedPuppies: boolean,
  litterBorn?: string,
): PageContent {
  const facts = factsOf(content, today, litterBorn);
  const fill = (text: string) => fillFacts(text, facts);
  const { prices } = content;
  const brand = { ...content.brand, full: `${content.brand.first} ${content.brand.second}` };
  const parent = (role: string, info: SiteContent['parents']['mother']) =>
    info
      ? [
          {
            role,
            name: info.name,
            breed: fill(info.breed),
            image: info.photo,
            health: linesOf(info.health).map(fill),
          },
        ]
      : [];
  const parents = [...parent('Mother', content.parents.mother), ...parent('Father', content.parents.father)];
  const slides = content.hero.slides.map((slide) => ({ image: slide.photo, focus: slide.focus }));
  const client: ClientContent = {
    brand: content.brand,
    slides,
    deal: content.deal.shown,
    parents: parents.length > 0,
  };
  return {
    brand,
    title: fill(content.seo.title),
    description: fill(content.seo.description),
    hero: { headline: fill(content.hero.headline), tagline: fill(content.hero.tagline), slides },
    deal: {
      shown: content.deal.shown,
      heading: fill(content.deal.heading),
      tagline: fill(content.deal.tagline),
      single: formatPrice(prices.single),
      pair: formatPrice(prices.pair),
      regular: formatPrice(prices.pairRegular),
      badge: pairLabelOf(content),
      saving:
        prices.pairRegular > prices.pair ? `You save ${formatPrice(prices.pairRegular - prices.pair)}` : null,
      caption: fill(content.deal.caption),
    },
    about: {
      paragraphs: paragraphsOf(content.about.paragraphs).map(fill),
      badge: badgeOf(content, puppies, seedPuppies, fill),
      image: content.about.photo,
      tiles: content.about.tiles.map((tile) => ({ label: fill(tile.label), value: fill(tile.value) })),
    },
    puppies: {
      intro: fill(content.puppies.intro),
      none: fill(content.puppies.none),
      limitedHeading: fill(content.puppies.limitedHeading),
      limitedText: fill(content.puppies.limitedText),
    },
    sold: { intro: fill(content.sold.intro) },
    parents: { intro: fill(content.parents.intro), list: parents },
    why: {
      heading: fill(content.why.heading),
      intro: fill(content.why.intro),
      features: content.why.cards.map((card) => ({
        ...card,
        title: fill(card.title),
        description: fill(card.description),
      })),
      story: {
        heading: fill(content.why.storyHeading),
        paragraphs: paragraphsOf(content.why.story).map(fill),
        signature: fill(content.why.signature),
      },
    },
    health: {
      items: content.health.items.map((item) => ({
        ...item,
        title: fill(item.title),
        text: fill(item.text),
      })),
    },
    contact: {
      heading: fill(content.contact.heading),
      intro: fill(content.contact.intro),
      side: {
        price: `Price: ${formatPrice(prices.single)}`,
        limited: fill(content.contact.limited),
        ready: fill(content.contact.ready),
        questionsHeading: fill(content.contact.questionsHeading),
        questionsText: fill(content.contact.questionsText),
      },
    },
    footer: {
      tagline: fill(content.footer.tagline),
      contactNote: fill(content.footer.contactNote),
      copyright: `© ${content.footer.copyrightYear} ${brand.full}. All rights reserved.`,
    },
    facts: {
      single: prices.single,
      pair: prices.pair,
      pairRegular: prices.pairRegular,
      pairLabel: pairLabelOf(content),
      location: content.litter.location,
    },
    client,
  };
}

/** Deep equality of plain JSON values (the client content against the bundle's default). */
function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The client content to hand the page, or undefined when the bundle's default already is it. */
export function clientContentToSend(content: PageContent): ClientContent | undefined {
  return sameJson(content.client, DEFAULT_CLIENT_CONTENT) ? undefined : content.client;
}
