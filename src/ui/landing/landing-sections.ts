/**
 * What the public page's sections share: their ids (in-page links and the hash on load point at
 * these), and the spec's words more than one section's control says.
 */
export const sectionIds = {
  about: 'about',
  puppies: 'puppies',
  soldPuppies: 'sold-puppies',
  whyChoose: 'why-choose',
  contact: 'contact',
  nextLitter: 'next-litter',
} as const;

/** The label of every button that opens the inquiry flow without naming a puppy. */
export const inquireNow = 'Inquire Now';
/** The puppies section's heading, and the menu's link to it. */
export const meetThePuppies = 'Meet the Puppies';
