/**
 * The wordmark a fresh install starts with: two words, each in its own colour. The breeder
 * changes hers at /admin/site (the page, the titles and her emails then name hers); this one
 * names the product where no published content is at hand (the sign-in app's issuer, a passkey's
 * relying party, the notices' test).
 */
export const brand = {
  first: 'Saguaro',
  second: 'Doodles',
  full: 'Saguaro Doodles',
} as const;
