/** The not-found page's words (spec): its own module, so a test reads them without the page's styles. */
export const notFound = {
  heading: '404 Page Not Found',
  text: 'Did you forget to add the page to the router?',
} as const;
