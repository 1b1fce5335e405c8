import { brand } from './brand';
import type { Photo } from './images';

/**
 * Where a hero slide's subject sits, as CSS object-position: a fixed list, as each needs a class
 * (the CSP allows no inline style). The first slide's subject sits at 45% from the top.
 */
export const FOCUS_POSITIONS = {
  center: 'center center',
  high: 'center 45%',
  top: 'center top',
  bottom: 'center bottom',
  left: 'left center',
  right: 'right center',
} as const;
export type SlideFocus = keyof typeof FOCUS_POSITIONS;

interface Slide {
  image: Photo;
  focus: SlideFocus;
}

/** The icons a "Why Choose" card and a health item may show (the editor offers these). */
export type FeatureIcon = 'sparkle' | 'brain' | 'home' | 'heart' | 'users' | 'award';
export type HealthIcon = 'shield' | 'check' | 'home';

/** "$1,000" */
export function formatPrice(dollars: number): string {
  return `$${dollars.toLocaleString('en-US')}`;
}

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

const landscape = { width: 1920, height: 1280 };

/**
 * A fresh install's, as the browser bundle keeps it. Its slides are the spec's hero photos: the
 * seed (src/features/site/site-seed.server.ts) writes them to site.json on a first start, and the build
 * makes the link-preview image from the first (esbuild.config.ts).
 */
export const DEFAULT_CLIENT_CONTENT: ClientContent = {
  brand: { first: brand.first, second: brand.second },
  slides: [
    {
      image: {
        id: 'slide-boys',
        alt: 'Our previous litter of boys, cream and apricot Goldendoodle puppies',
        ...landscape,
      },
      focus: 'high',
    },
    {
      image: {
        id: 'slide-girls',
        alt: 'Our previous litter of girls, fluffy Goldendoodle puppies on a blanket',
        ...landscape,
      },
      focus: 'center',
    },
    {
      image: { id: 'slide-snuggle', alt: 'Goldendoodle puppies snuggled together for a nap', ...landscape },
      focus: 'center',
    },
  ],
  deal: true,
  parents: false,
};
