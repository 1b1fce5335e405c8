import { inquireNow, meetThePuppies, sectionIds } from '../../../ui/landing/landing-sections';

/**
 * The spec's control labels of the site's sections (menu, hero, deal, about, health, parents,
 * footer): fixed words, unlike the breeder's own (src/features/site/site-content.ts), which a
 * fresh install seeds from src/features/site/spec-content.server.ts.
 */

export interface NavItem {
  label: string;
  target: string;
  highlighted?: boolean;
}

export const nav = [
  { label: 'About', target: sectionIds.about },
  { label: meetThePuppies, target: sectionIds.puppies },
  { label: 'Why Choose Us', target: sectionIds.whyChoose },
  { label: inquireNow, target: sectionIds.contact, highlighted: true },
] as const satisfies readonly NavItem[];

export const header = {
  navLabel: 'Main',
  menuToggle: 'Toggle mobile menu',
  skipLink: 'Skip to main content',
} as const;

export const hero = {
  inquire: inquireNow,
  seeAll: 'See All Puppies',
  carouselLabel: 'Photos of our puppies',
  previous: 'Previous slide',
  next: 'Next slide',
  goTo: (n: number) => `Go to slide ${n}`,
  slideLabel: (n: number, of: number) => `${n} of ${of}`,
  pause: 'Pause slideshow',
  play: 'Play slideshow',
} as const;

/** The deal's fixed words; its heading, tagline, prices and caption are hers. */
export const deal = {
  single: { label: 'One Puppy', note: 'Each puppy' },
  pair: { label: 'Two Puppies', regularLabel: 'Regular price' },
  cta: 'Claim This Special Offer Now!',
} as const;

export const about = { heading: 'About Our Litter' } as const;

export const health = { heading: 'Health & Details' } as const;

/** Meet the Parents: shown once the breeder adds the mother or the father (the words are hers). */
export const parentsSection = {
  id: 'parents',
  heading: 'Meet the Parents',
  healthLabel: (name: string) => `Health testing of ${name}`,
} as const;

/**
 * The footer's fixed words; its tagline, note and copyright are hers. Built in a function marked
 * pure: the footer is rendered by the server only (src/ui/server-html.ts), and a bundle that does
 * not read these drops them, which it could not do with a `nav.filter` call in a plain literal.
 */
export const footer = /* @__PURE__ */ (() =>
  ({
    quickLinksHeading: 'Quick Links',
    quickLinksLabel: 'Quick links',
    quickLinks: [
      ...nav.filter((item) => item.target !== sectionIds.contact),
      { label: 'Contact', target: sectionIds.contact },
    ] satisfies NavItem[],
    contactHeading: 'Contact Us',
    adminLink: 'Admin Login',
  }) as const)();
