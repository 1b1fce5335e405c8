import { brand } from '../../shared/brand';
import type { SiteContent } from './site-content';
import {
  about,
  contactInfo,
  deal,
  footer,
  health,
  hero,
  litter,
  prices,
  puppiesText,
  site,
  soldIntro,
  whyChoose,
} from './spec-content.server';

/**
 * A fresh install's content: the spec's page, word for word (spec-content.server.ts), with the facts
 * that follow by themselves written as placeholders ({born}, {age}, {price}, … see resolve.ts), so
 * that a new birth date or price reaches every sentence that names it. Written to site.json on a
 * first start; test/http/content-seed.test.ts checks the page it renders is the spec's.
 */
export function seedContent(): SiteContent {
  const join = (paragraphs: readonly string[]) => paragraphs.join('\n\n');
  const [firstParagraph = '', ...restOfAbout] = about.paragraphs;
  const withFacts = (text: string) =>
    text
      .replaceAll(litter.born, '{born}')
      .replaceAll(litter.age, '{age}')
      .replaceAll(litter.genetics, '{genetics}');
  return {
    brand: { first: brand.first, second: brand.second },
    seo: {
      title: site.title,
      description: site.description.replace('$900, or two for $1,000.', '{price}, or two for {pairPrice}.'),
    },
    litter: {
      born: litter.bornIso,
      ageMode: 'written',
      age: litter.age,
      location: litter.location,
      genetics: litter.genetics,
    },
    prices: { single: prices.single, pair: prices.pair, pairRegular: prices.pairRegular, pairLabel: '' },
    hero: {
      headline: hero.headline,
      tagline: hero.tagline,
      slides: hero.slides.map((slide) => ({ photo: slide.image, focus: slide.focus })),
    },
    deal: { shown: true, heading: deal.heading, tagline: deal.tagline, caption: deal.caption },
    about: {
      // Counted, but the spec's words until she first changes her puppies (decision 082).
      badgeMode: 'count',
      badge: about.badge,
      paragraphs: join([withFacts(firstParagraph), ...restOfAbout]),
      photo: about.image,
      tiles: about.tiles.map((tile) => ({
        label: tile.label,
        value: withFacts(tile.value).replace(litter.location, '{location}'),
      })),
    },
    puppies: { ...puppiesText, intro: withFacts(puppiesText.intro) },
    sold: { intro: soldIntro },
    parents: { intro: '', mother: null, father: null },
    why: {
      heading: whyChoose.heading,
      intro: whyChoose.intro,
      cards: whyChoose.features.map((feature) => ({ ...feature })),
      storyHeading: whyChoose.story.heading,
      story: join(whyChoose.story.paragraphs),
      signature: whyChoose.story.signature,
    },
    health: { items: health.items.map((item) => ({ ...item })) },
    contact: {
      heading: contactInfo.title,
      intro: contactInfo.intro,
      limited: contactInfo.side.limited,
      ready: contactInfo.side.ready,
      questionsHeading: contactInfo.side.questionsHeading,
      questionsText: contactInfo.side.questionsText,
    },
    footer: { tagline: footer.tagline, contactNote: footer.contactNote, copyrightYear: 2025 },
  };
}
