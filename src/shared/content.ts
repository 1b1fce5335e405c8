/**
 * The public page's control labels (buttons, menus, form labels, messages), and the words, prices
 * and photos a fresh install starts with. The breeder changes the latter at /admin/site: they are
 * stored in DATA_DIR/site.json, seeded from here on a first start (src/features/site/seed.server.ts),
 * and the page renders what she published (src/features/site/page-content.ts). The puppies are hers too,
 * managed at /admin/puppies.
 */

/**
 * A photo with its intrinsic size: by its file name (without extension) in public/photos, whose
 * variants the build makes, or an uploaded one (a puppy's), whose files are named from its id and
 * `widths` (see storedPhotoVariants in puppies.ts).
 */
export interface Photo {
  id: string;
  alt: string;
  width: number;
  height: number;
  /** Only for an uploaded photo: the widths its files were made at. */
  widths?: number[];
}

export interface AvailablePuppy {
  name: string;
  title: string;
  description: string;
  coat: string;
  color: string;
  personality: string;
  image: Photo;
  images?: Photo[];
  /** Held for a family (issue 20): shown with a "Reserved" badge, not offered. Absent when not. */
  reserved?: true;
  /** Its litter's place in PagePuppies.litters, only while two or more are born (issue 27). */
  litter?: number;
}

export interface SoldPuppy {
  name: string;
  title: string;
  description: string;
  image: Photo;
  /** Its litter's place in PagePuppies.litters, only while two or more are born (issue 27). */
  litter?: number;
}

export type FeatureIcon = 'sparkle' | 'brain' | 'home' | 'heart' | 'users' | 'award';

export interface FeatureCard {
  icon: FeatureIcon;
  title: string;
  description: string;
}

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

export interface Slide {
  image: Photo;
  focus: SlideFocus;
}

const landscape = { width: 1920, height: 1280 };
const portrait = { width: 1200, height: 1500 };

/**
 * A block of text built at module load, marked pure: when the browser bundle does not use a block
 * (sections only the server renders, see src/ui/server-html.ts), esbuild drops it and its text.
 * A plain object literal would stay, since reading `litter.born` or calling `formatPrice` inside
 * it could, as far as esbuild knows, have side effects.
 */
const text = <T>(make: () => T): T => make();

/** The wordmark: two words, each in its own colour. */
export const brand = {
  first: 'Saguaro',
  second: 'Doodles',
  full: 'Saguaro Doodles',
} as const;

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
  pairSaving: 800,
  pairLabel: 'BEST DEAL - SAVE $800!',
} as const;

/** "$1,000" */
export function formatPrice(dollars: number): string {
  return `$${dollars.toLocaleString('en-US')}`;
}

/** The ids of the landing page's sections: in-page links and the hash on load point at these. */
export const sectionIds = {
  about: 'about',
  puppies: 'puppies',
  soldPuppies: 'sold-puppies',
  whyChoose: 'why-choose',
  contact: 'contact',
  nextLitter: 'next-litter',
} as const;

/** The label of every button that opens the inquiry flow without naming a puppy. */
const inquireNow = 'Inquire Now';
const meetThePuppies = 'Meet the Puppies';

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

/** Spec section 9: the hero auto-advances every 5000 ms with a 1 s fade. */
export const SLIDE_INTERVAL_MS = 5000;
export const SLIDE_FADE_MS = 1000;

/** The hero's headline and tagline: rendered by the server only. */
export const heroText = {
  headline: 'Meet Our Adorable F1B English Goldendoodle Puppies!',
  tagline: "Find your forever friend today – Act Fast, These Puppies Won't Last Long!",
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
  ] satisfies Slide[],
} as const;

export const deal = /* @__PURE__ */ text(
  () =>
    ({
      heading: 'AMAZING PUPPY DEAL',
      tagline: 'Double the love, double the fun: bring home two puppies for almost the price of one!',
      single: { label: 'One Puppy', price: formatPrice(prices.single), note: 'Each puppy' },
      pair: {
        label: 'Two Puppies',
        badge: prices.pairLabel,
        price: formatPrice(prices.pair),
        regular: formatPrice(prices.pairRegular),
        regularLabel: 'Regular price',
        saving: `You save ${formatPrice(prices.pairSaving)}`,
      },
      cta: 'Claim This Special Offer Now!',
      caption: 'Limited-time offer while puppies last.',
    }) as const,
);

export const about = /* @__PURE__ */ text(
  () =>
    ({
      heading: 'About Our Litter',
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
    }) as const,
);

export const puppiesSection = {
  heading: meetThePuppies,
  limitedCta: inquireNow,
  inquireAbout: (name: string) => `Inquire About ${name}`,
  /** A puppy held for a family (issue 20): the badge on its photo and its disabled button. */
  reserved: 'Reserved',
  tagLabels: { coat: 'Coat', color: 'Color', personality: 'Personality' },
  photoCount: (count: number) => `${count} photos`,
} as const;

/**
 * The puppies section's words a fresh install starts with (the breeder's at /admin/site): rendered
 * by the server only, the browser keeps their HTML (src/ui/server-html.ts).
 */
export const puppiesText = /* @__PURE__ */ text(
  () =>
    ({
      intro: `Each of our F1B English Goldendoodle girls is ${litter.age}, vet-checked and ready to meet her new family.`,
      /** Instead of the grid when no puppy is available. */
      none: 'All of our puppies have found their forever homes. Send us an inquiry to hear about the next litter first.',
      limitedHeading: 'Limited Availability',
      limitedText:
        'These puppies are going fast. Send us an inquiry today to reserve yours before they are all in their forever homes.',
    }) as const,
);

/** The photo lightbox dialog and the buttons that open it. */
export const lightbox = {
  enlarge: (name: string) => `Enlarge photo of ${name}`,
  title: (name: string) => `${name} Photo`,
  counter: (index: number, count: number) => `${index} / ${count} Photos`,
  previous: 'Previous photo',
  next: 'Next photo',
  close: 'Close',
} as const;

/** The dropdown's default's label (its value is NO_PREFERENCE in inquiry-fields.ts). */
export const noPreferenceLabel = 'All puppies / Not sure yet';

/**
 * The dropdown's choice for a planned litter's waitlist, "Waitlist: {litter name}" (issue 27; one
 * "Next litter (waitlist)" in issue 20): offered, and accepted by the server, only while the
 * breeder shows that litter. Stored as the inquiry's puppy; no puppy's name starts so.
 */
export const WAITLIST_CHOICE_PREFIX = 'Waitlist: ';
export const waitlistChoice = (litterName: string) => `${WAITLIST_CHOICE_PREFIX}${litterName}`;

/** "Our Next Litter" (issue 20): shown once the breeder turns it on at /admin/puppies (the words are hers). */
export const nextLitterSection = {
  heading: 'Our Next Litter',
  expected: 'Expected',
  parents: 'Parents',
  cta: 'Join the Waitlist',
} as const;

/** Under "Meet the Puppies" when none is available and the next litter is shown: a link to it. */
export const nextLitterPointer = {
  text: 'Our next litter is on the way: ',
  link: 'join the waitlist',
} as const;

/** Meet the Parents: shown once the breeder adds the mother or the father (the words are hers). */
export const parentsSection = {
  id: 'parents',
  heading: 'Meet the Parents',
  healthLabel: (name: string) => `Health testing of ${name}`,
} as const;

export const soldSection = {
  heading: 'Happy Tails – Our Sold Puppies',
  sold: (name: string) => `${name} – Sold!`,
  button: 'Sold',
} as const;

/** The sold section's intro a fresh install starts with: rendered by the server only, as puppiesText. */
export const soldIntro = /* @__PURE__ */ text(
  () => 'These sweet girls have already found their forever homes.',
);

export const whyChoose = /* @__PURE__ */ text(
  () =>
    ({
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
          description:
            'Age-appropriate vaccinations and regular deworming, with a vet check before going home.',
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
      ] satisfies FeatureCard[],
      story: {
        heading: 'Our Own Doodle Story',
        paragraphs: [
          'Our family fell in love with the breed through Sadie, our own English Cream Goldendoodle. She has been at every birthday, every camping trip and every quiet evening on the couch for six years.',
          'She is gentle with our kids, friendly with every neighbour and has never once made anyone sneeze. Raising her puppies is our way of sharing that joy with other families.',
        ],
        signature: '– The Walker Family',
      },
    }) as const,
);

export type HealthIcon = 'shield' | 'check' | 'home';

export const health = /* @__PURE__ */ text(
  () =>
    ({
      heading: 'Health & Details',
      items: [
        { icon: 'shield', title: 'Vaccinations', text: 'Age-appropriate vaccines administered' },
        { icon: 'check', title: 'Deworming', text: 'Regular deworming completed' },
        { icon: 'home', title: 'Ready for Home', text: 'Healthy and socialized' },
      ] satisfies { icon: HealthIcon; title: string; text: string }[],
    }) as const,
);

/** The contact section's heading, intro and side panel: rendered by the server only. */
export const contactInfo = /* @__PURE__ */ text(
  () =>
    ({
      title: 'Ready to Welcome Your New Best Friend?',
      intro:
        "Fill out the form and we'll get back to you as soon as possible to discuss bringing your new puppy home!",
      side: {
        price: `Price: ${formatPrice(prices.single)}`,
        limited: 'Limited Availability!',
        ready: 'Ready For Their Forever Homes',
        questionsHeading: 'Questions?',
        questionsText:
          'Ask us anything about the puppies, their parents or bringing one home. We reply to every message.',
      },
    }) as const,
);

export const contact = {
  labels: {
    name: 'Your Name',
    email: 'Email Address',
    phone: 'Phone Number (optional)',
    puppy: 'Which Puppy Are You Interested In?',
    message: 'Your Message',
  },
  /** Beside the dropdown when every puppy is sold: it then offers only "no preference". */
  noPuppies:
    'All our puppies have found homes for now. Send us a message to hear about the next litter first.',
  submit: 'Send Inquiry',
  submitting: 'Sending...',
  thanks: {
    heading: 'Thank You!',
    text: "We've received your inquiry and will get back to you as soon as possible about your new puppy.",
    again: 'Send Another Inquiry',
  },
  /** Spec section 8: the result toasts of a submission. */
  sentToast: {
    title: 'Thanks for your inquiry!',
    description: 'We will contact you soon about your new puppy.',
  },
  failedToast: {
    title: 'Submission Error',
    description: 'There was a problem submitting your inquiry. Please try again.',
  },
  /** The hidden honeypot's label: should a visitor ever meet the field, it tells them what to do. */
  honeypotLabel: 'Leave this field empty',
  /** The name of the side panel beside the form (its content is contactInfo.side). */
  sideLabel: 'At a glance',
} as const;

/**
 * The "Thanks for your inquiry" email a family gets right away when AUTO_REPLY=on; "{name}" is
 * theirs. Replies to it go to the breeder. (Server only: the pure wrapper keeps it out of the
 * browser bundle.)
 */
export const acknowledgement = /* @__PURE__ */ text(
  () =>
    ({
      subject: 'Thanks for your inquiry',
      paragraphs: [
        'Hi {name},',
        'Thank you for your interest in our F1B English Cream Goldendoodle puppies! Your message reached us, and we will answer it ourselves as soon as we can, usually within a day.',
        // {location}, {price} and {pairPrice}: what is published (src/features/site/resolve.server.ts).
        'What happens next: we tell you which puppies are still available, answer your questions and set up a time for you to meet them in {location}. Each puppy is {price}, or two for {pairPrice}.',
        'Anything to add? Just reply to this email.',
      ],
      /** The brand's name follows: what is published. */
      signOff: ['Warm regards,'],
    }) as const,
);

export const footer = /* @__PURE__ */ text(
  () =>
    ({
      tagline: 'F1B English Goldendoodle puppies in Prescott Valley, AZ',
      quickLinksHeading: 'Quick Links',
      quickLinksLabel: 'Quick links',
      quickLinks: [
        ...nav.filter((item) => item.target !== sectionIds.contact),
        { label: 'Contact', target: sectionIds.contact },
      ] satisfies NavItem[],
      contactHeading: 'Contact Us',
      contactNote: 'Please use the contact form above to reach us about available puppies.',
      copyright: `© 2025 ${brand.full}. All rights reserved.`,
      adminLink: 'Admin Login',
    }) as const,
);

/**
 * The photos this module owns (the hero's and the about section's), by id. The puppies' photos
 * are the breeder's, in DATA_DIR (see src/features/puppies/seed-puppies.server.ts for a first start's).
 */
export function contentPhotos(): Photo[] {
  return [...hero.slides.map((slide) => slide.image), about.image];
}

export const notFound = {
  heading: '404 Page Not Found',
  text: 'Did you forget to add the page to the router?',
} as const;

/**
 * The document title of each page of the route table, naming the built-in brand (a fresh
 * install's); brandedTitle names the one she published.
 */
export const pageTitles = /* @__PURE__ */ text(
  () =>
    ({
      landing: site.title,
      login: `Admin Login | ${brand.full}`,
      admin: `Admin Dashboard | ${brand.full}`,
      puppies: `Puppies | ${brand.full}`,
      litters: `Litters | ${brand.full}`,
      application: `Application | ${brand.full}`,
      visits: `Visits | ${brand.full}`,
      site: `Site | ${brand.full}`,
      contracts: `Contracts | ${brand.full}`,
      account: `Account | ${brand.full}`,
      notFound: `Page Not Found | ${brand.full}`,
    }) as const,
);

/** A page's title (any but the landing page's, which is hers) naming the brand she published. */
export function brandedTitle(page: Exclude<keyof typeof pageTitles, 'landing'>, brandFull: string): string {
  return pageTitles[page].replace(brand.full, brandFull);
}
