import * as z from 'zod/mini';
import {
  type FeatureIcon,
  FOCUS_POSITIONS,
  type HealthIcon,
  type SlideFocus,
} from '../../shared/page-content';

/**
 * The breeder's own words and facts of the public page (everything a visitor reads or sees except
 * the spec's control labels), as stored in DATA_DIR/site.json and edited at /admin/site. One
 * schema for the editor and the server. Whatever she types is text: React escapes it, and
 * multi-line fields become paragraphs at blank lines (see paragraphsOf). Lengths keep the layout
 * whole at 390 px. Imported by the server and the admin bundle only: the public page's bundle
 * never carries zod (decision 004).
 */

const FOCUS_CHOICES = Object.keys(FOCUS_POSITIONS) as [SlideFocus, ...SlideFocus[]];
const FEATURE_ICONS = [
  'sparkle',
  'brain',
  'home',
  'heart',
  'users',
  'award',
] as const satisfies FeatureIcon[];
const HEALTH_ICONS = ['shield', 'check', 'home'] as const satisfies HealthIcon[];

/** How many characters each field may hold (the editor counts down from these). */
export const LIMITS = {
  brandWord: 20,
  pageTitle: 90,
  description: 300,
  headline: 80,
  tagline: 160,
  alt: 160,
  heading: 60,
  line: 120,
  paragraphs: 1500,
  short: 40,
  card: 240,
  age: 30,
} as const;

export const MAX_SLIDES = 5;
export const MAX_FEATURES = 9;
export const MAX_HISTORY = 20;

const messages = {
  required: 'This field is required',
  tooLong: (max: number) => `At most ${max} characters`,
  price: 'A whole number of dollars from 1 to 100,000',
  date: 'A real date (YYYY-MM-DD)',
  year: 'A year from 2000 to 2100',
};

const text = (max: number) =>
  z
    .string({ error: messages.required })
    .check(z.trim(), z.minLength(1, messages.required), z.maxLength(max, messages.tooLong(max)));
/** Text that may be left empty (an optional override). */
const optional = (max: number) =>
  z.string({ error: messages.required }).check(z.trim(), z.maxLength(max, messages.tooLong(max)));
const int = (min: number, max: number, message: string) =>
  z.number({ error: message }).check(z.int(message), z.gte(min, message), z.lte(max, message));
const price = int(1, 100_000, messages.price);

/** A real calendar day: 2025-02-30 is refused. */
const isoDate = z.string({ error: messages.date }).check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, messages.date),
  z.refine((value: string) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, messages.date),
);
const size = int(1, 20_000, 'Choose a photo');

/** A photo: a build photo by its name in public/photos, or an upload (with the widths its files were made at). */
const contentPhotoSchema = z.object({
  id: z.string({ error: 'Choose a photo' }).check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'Choose a photo')),
  alt: text(LIMITS.alt),
  width: size,
  height: size,
  widths: z.optional(z.array(size).check(z.minLength(1), z.maxLength(8))),
});

const slideSchema = z.object({ photo: contentPhotoSchema, focus: z.enum(FOCUS_CHOICES) });

const featureSchema = z.object({
  icon: z.enum(FEATURE_ICONS),
  title: text(LIMITS.heading),
  description: text(LIMITS.card),
});

const parentSchema = z.object({
  name: text(LIMITS.short),
  breed: text(LIMITS.line),
  photo: contentPhotoSchema,
  /** One health-testing result a line, e.g. "OFA hips: Good". */
  health: optional(LIMITS.card * 2),
});

export const siteContentSchema = z.object({
  brand: z.object({ first: text(LIMITS.brandWord), second: text(LIMITS.brandWord) }),
  seo: z.object({ title: text(LIMITS.pageTitle), description: text(LIMITS.description) }),
  litter: z.object({
    born: isoDate,
    /** written: `age` as she wrote it; computed: from the birth date, on the day the page is shown. */
    ageMode: z.enum(['written', 'computed']),
    age: text(LIMITS.age),
    location: text(LIMITS.short),
    genetics: text(LIMITS.line),
  }),
  prices: z.object({
    single: price,
    pair: price,
    pairRegular: price,
    /** Empty: "BEST DEAL - SAVE $…!" from the prices. */
    pairLabel: optional(LIMITS.short),
  }),
  hero: z.object({
    headline: text(LIMITS.headline),
    tagline: text(LIMITS.tagline),
    slides: z
      .array(slideSchema)
      .check(z.minLength(1, 'At least one slide'), z.maxLength(MAX_SLIDES, `At most ${MAX_SLIDES} slides`)),
  }),
  deal: z.object({
    shown: z.boolean(),
    heading: text(LIMITS.heading),
    tagline: text(LIMITS.tagline),
    caption: text(LIMITS.line),
  }),
  about: z.object({
    /**
     * count (a fresh install's): "Only 3 Puppies Available!" from the available puppies, reserved
     * ones left out (none at 0), but the spec's "Only 4 Puppies Available!" (the litter of four)
     * while the puppies are still the seed's, untouched; written: `badge` as she wrote it.
     */
    badgeMode: z.enum(['written', 'count']),
    badge: optional(LIMITS.short),
    paragraphs: text(LIMITS.paragraphs),
    photo: contentPhotoSchema,
    tiles: z.array(z.object({ label: text(LIMITS.short), value: text(LIMITS.short) })).check(z.length(4)),
  }),
  puppies: z.object({
    intro: text(LIMITS.tagline),
    none: text(LIMITS.card),
    limitedHeading: text(LIMITS.heading),
    limitedText: text(LIMITS.card),
  }),
  sold: z.object({ intro: text(LIMITS.tagline) }),
  parents: z.object({
    intro: optional(LIMITS.tagline),
    mother: z.nullable(parentSchema),
    father: z.nullable(parentSchema),
  }),
  why: z.object({
    heading: text(LIMITS.headline),
    intro: text(LIMITS.tagline),
    cards: z
      .array(featureSchema)
      .check(z.minLength(1, 'At least one card'), z.maxLength(MAX_FEATURES, `At most ${MAX_FEATURES} cards`)),
    storyHeading: text(LIMITS.heading),
    story: text(LIMITS.paragraphs),
    signature: text(LIMITS.short),
  }),
  health: z.object({
    items: z
      .array(z.object({ icon: z.enum(HEALTH_ICONS), title: text(LIMITS.short), text: text(LIMITS.line) }))
      .check(z.length(3)),
  }),
  contact: z.object({
    heading: text(LIMITS.headline),
    intro: text(LIMITS.card),
    limited: text(LIMITS.short),
    ready: text(LIMITS.short),
    questionsHeading: text(LIMITS.short),
    questionsText: text(LIMITS.card),
  }),
  footer: z.object({
    tagline: text(LIMITS.line),
    contactNote: text(LIMITS.card),
    copyrightYear: int(2000, 2100, messages.year),
  }),
});

export type SiteContent = z.infer<typeof siteContentSchema>;

/** A multi-line field's paragraphs: blank lines separate them; single line breaks stay spaces. */
export function paragraphsOf(value: string): string[] {
  return value
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s*\n\s*/g, ' ').trim())
    .filter((paragraph) => paragraph.length > 0);
}

/** A multi-line field's lines (the parents' health results). */
export function linesOf(value: string): string[] {
  return value
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}
