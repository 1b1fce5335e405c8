/** "Our Next Litter" (issue 20): shown once the breeder turns it on (the litter's words are hers). */
export const nextLitterSection = {
  heading: 'Our Next Litter',
  expected: 'Expected',
  parents: 'Parents',
  cta: 'Join the Waitlist',
} as const;
