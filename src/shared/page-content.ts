import { brand, type FeatureIcon, type HealthIcon, hero, type Photo, type Slide } from './content';

/**
 * The published content as the public page shows it: placeholders filled, prices formatted, the
 * age and the available count worked out (src/features/site/resolve.server.ts). The server renders the
 * page from it; sections only the server renders read it from SiteContentContext and never reach
 * the browser bundle (decision 043).
 */
export interface PageContent {
  brand: { first: string; second: string; full: string };
  title: string;
  description: string;
  hero: { headline: string; tagline: string; slides: Slide[] };
  deal: {
    shown: boolean;
    heading: string;
    tagline: string;
    single: string;
    pair: string;
    regular: string;
    badge: string;
    /** "You save $800", or null when the pair costs no less than its regular price. */
    saving: string | null;
    caption: string;
  };
  about: {
    paragraphs: string[];
    /** "Only 3 Puppies Available!" (or as she wrote it); null for none. */
    badge: string | null;
    image: Photo;
    tiles: { label: string; value: string }[];
  };
  /** The puppies section's words: rendered by the server only, like the sold section's intro. */
  puppies: { intro: string; none: string; limitedHeading: string; limitedText: string };
  sold: { intro: string };
  parents: {
    intro: string;
    list: { role: string; name: string; breed: string; image: Photo; health: string[] }[];
  };
  why: {
    heading: string;
    intro: string;
    features: { icon: FeatureIcon; title: string; description: string }[];
    story: { heading: string; paragraphs: string[]; signature: string };
  };
  health: { items: { icon: HealthIcon; title: string; text: string }[] };
  contact: {
    heading: string;
    intro: string;
    side: { price: string; limited: string; ready: string; questionsHeading: string; questionsText: string };
  };
  footer: { tagline: string; contactNote: string; copyright: string };
  /** What the share tags, the JSON-LD and the thank-you email need beside the page. */
  facts: { single: number; pair: number; pairRegular: number; pairLabel: string; location: string };
  /** The part the browser renders too (see ClientContent). */
  client: ClientContent;
}

/**
 * What the parts the browser hydrates show: the wordmark, the slides, and whether the server-only
 * deal and parents sections are there. Travels in the
 * page state only when it differs from DEFAULT_CLIENT_CONTENT, the bundle's own copy of a fresh
 * install's, so a fresh install's page is byte for byte what it was (decision 080).
 */
export interface ClientContent {
  brand: { first: string; second: string };
  slides: Slide[];
  deal: boolean;
  parents: boolean;
}

export const DEFAULT_CLIENT_CONTENT: ClientContent = {
  brand: { first: brand.first, second: brand.second },
  slides: hero.slides,
  deal: true,
  parents: false,
};
