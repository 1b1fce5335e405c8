import { inquireNow, meetThePuppies } from '../../../ui/landing/landing-sections';

/** The spec's control labels of "Meet the Puppies" and the sold puppies; the sections' intros are hers. */
export const puppiesSection = {
  heading: meetThePuppies,
  limitedCta: inquireNow,
  inquireAbout: (name: string) => `Inquire About ${name}`,
  /** A puppy held for a family (issue 20): the badge on its photo and its disabled button. */
  reserved: 'Reserved',
  tagLabels: { coat: 'Coat', color: 'Color', personality: 'Personality' },
  photoCount: (count: number) => `${count} photos`,
} as const;

/** Under "Meet the Puppies" when none is available and the next litter is shown: a link to it. */
export const nextLitterPointer = {
  text: 'Our next litter is on the way: ',
  link: 'join the waitlist',
} as const;

export const soldSection = {
  heading: 'Happy Tails – Our Sold Puppies',
  /** Also a sold puppy's title when she marks it sold (puppy-service.server.ts). */
  sold: (name: string) => `${name} – Sold!`,
  button: 'Sold',
} as const;
