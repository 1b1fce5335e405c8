import type { Photo } from '../../shared/images';
import { DEFAULT_CLIENT_CONTENT, type FeatureIcon, type HealthIcon } from '../../shared/page-content';

/**
 * The spec's page as a fresh install starts with it: the words, facts, prices and photos that are
 * the breeder's to change at /admin/site. Read only by the seed (site-seed.server.ts), which writes them
 * to DATA_DIR/site.json on a first start; the page renders what she published (resolve.server.ts).
 * The control labels, which are not hers, are beside their sections (e.g. page/site-labels.ts);
 * the brand is src/shared/brand.ts, and the slides are the browser's copy of a fresh install's
 * (DEFAULT_CLIENT_CONTENT in src/shared/page-content.ts). The puppies are hers too, managed at
 * /admin/litters (src/features/puppies/spec-puppies.server.ts).
 */

const portrait = { width: 1200, height: 1500 };

export const site = {
  title: 'F1B English Cream Goldendoodle Puppies in Prescott Valley, AZ | Saguaro Doodles',
  description:
    'Meet our litter of four F1B English Cream Goldendoodle puppies in Prescott Valley, AZ: low-shedding, hypoallergenic, vaccinated, dewormed and ready for their forever homes. $900, or two for $1,000.',
} as const;

export const litter = {
  count: 4,
  born: 'February 9, 2025',
  bornIso: '2025-02-09',
  age: '11 weeks old',
  location: 'Prescott Valley, AZ',
  genetics: '75% Poodle, 25% English Cream Golden Retriever',
} as const;

export const prices = {
  single: 900,
  pair: 1000,
  pairRegular: 1800,
} as const;

/** The hero's headline and tagline, and its slides. */
export const hero = {
  headline: 'Meet Our Adorable F1B English Goldendoodle Puppies!',
  tagline: "Find your forever friend today – Act Fast, These Puppies Won't Last Long!",
  slides: DEFAULT_CLIENT_CONTENT.slides,
} as const;

export const deal = {
  heading: 'AMAZING PUPPY DEAL',
  tagline: 'Double the love, double the fun: bring home two puppies for almost the price of one!',
  caption: 'Limited-time offer while puppies last.',
} as const;

export const about = {
  paragraphs: [
    `Our F1B English Cream Goldendoodles were born on ${litter.born} and are now ${litter.age}. Their mother is a first-generation English Cream Goldendoodle and their father is a purebred Poodle, which makes this litter ${litter.genetics}.`,
    'That extra Poodle means a low-shedding, hypoallergenic coat, and the English Cream side brings a loving, gentle and playful nature. Every puppy is raised in our home in Prescott Valley, well socialised with children and other pets, and has had age-appropriate vaccinations and deworming.',
  ],
  badge: `Only ${litter.count} Puppies Available!`,
  image: {
    id: 'about-litter',
    alt: 'The litter of four F1B Goldendoodle puppies sitting together in the grass',
    ...portrait,
  },
  tiles: [
    { label: 'Born', value: litter.born },
    { label: 'Location', value: litter.location },
    { label: 'Temperament', value: 'Loving, gentle & playful' },
    { label: 'Coat', value: 'Low-shedding, hypoallergenic' },
  ],
} as const;

/** The puppies section's words. */
export const puppiesText = {
  intro: `Each of our F1B English Goldendoodle girls is ${litter.age}, vet-checked and ready to meet her new family.`,
  /** Instead of the grid when no puppy is available. */
  none: 'All of our puppies have found their forever homes. Send us an inquiry to hear about the next litter first.',
  limitedHeading: 'Limited Availability',
  limitedText:
    'These puppies are going fast. Send us an inquiry today to reserve yours before they are all in their forever homes.',
} as const;

export const soldIntro = 'These sweet girls have already found their forever homes.';

export const whyChoose = {
  heading: 'Why Choose an F1B English Goldendoodle?',
  intro: 'The best of the Poodle and the English Cream Golden Retriever, in one family-ready companion.',
  features: [
    {
      icon: 'sparkle',
      title: 'Hypoallergenic',
      description:
        'With 75% Poodle genetics, F1B doodles shed very little and suit most families with allergies.',
    },
    {
      icon: 'brain',
      title: 'Intelligent & Trainable',
      description: 'Clever and eager to please, they pick up house training and new tricks quickly.',
    },
    {
      icon: 'home',
      title: 'Family-Friendly',
      description: 'Gentle and patient with children, and happy to be part of every family adventure.',
    },
    {
      icon: 'heart',
      title: 'Health-Focused',
      description: 'Age-appropriate vaccinations and regular deworming, with a vet check before going home.',
    },
    {
      icon: 'users',
      title: 'Well-Socialized',
      description:
        'Raised in our home around kids, visitors and everyday noises, so they settle in with confidence.',
    },
    {
      icon: 'award',
      title: 'Premium Genetics',
      description:
        'An English Cream Goldendoodle mother and a purebred Poodle father, chosen for temperament and health.',
    },
  ] satisfies { icon: FeatureIcon; title: string; description: string }[],
  story: {
    heading: 'Our Own Doodle Story',
    paragraphs: [
      'Our family fell in love with the breed through Sadie, our own English Cream Goldendoodle. She has been at every birthday, every camping trip and every quiet evening on the couch for six years.',
      'She is gentle with our kids, friendly with every neighbour and has never once made anyone sneeze. Raising her puppies is our way of sharing that joy with other families.',
    ],
    signature: '– The Walker Family',
  },
} as const;

export const health = {
  items: [
    { icon: 'shield', title: 'Vaccinations', text: 'Age-appropriate vaccines administered' },
    { icon: 'check', title: 'Deworming', text: 'Regular deworming completed' },
    { icon: 'home', title: 'Ready for Home', text: 'Healthy and socialized' },
  ] satisfies { icon: HealthIcon; title: string; text: string }[],
} as const;

/** The contact section's heading, intro and side panel. */
export const contactInfo = {
  title: 'Ready to Welcome Your New Best Friend?',
  intro:
    "Fill out the form and we'll get back to you as soon as possible to discuss bringing your new puppy home!",
  side: {
    limited: 'Limited Availability!',
    ready: 'Ready For Their Forever Homes',
    questionsHeading: 'Questions?',
    questionsText:
      'Ask us anything about the puppies, their parents or bringing one home. We reply to every message.',
  },
} as const;

export const footer = {
  tagline: 'F1B English Goldendoodle puppies in Prescott Valley, AZ',
  contactNote: 'Please use the contact form above to reach us about available puppies.',
} as const;

/**
 * The photos of a fresh install's content (the hero's and the about section's), by id, drawn by
 * scripts/make-placeholders.ts. The puppies' photos are the breeder's, in DATA_DIR (see
 * src/features/puppies/spec-puppies.server.ts for a first start's).
 */
export function contentPhotos(): Photo[] {
  return [...hero.slides.map((slide) => slide.image), about.image];
}
