/**
 * The inquiries (the server side): the API, the scripts-off form and their shared rate limit.
 * The contact section of the page is in page/.
 */
export { contactFormRoutes } from './contact-form.server';
export { inquiryRateLimit } from './rate-limit.server';
export { inquiryRoutes } from './routes.server';
