/**
 * The inquiries (the server side): the API, the scripts-off form and their shared rate limit.
 * The contact section of the page is in page/.
 */
export { contactFormRoutes } from './contact-form.server';
export { InquiryEraser } from './erase.server';
export { FormTimers } from './form-timer.server';
export { inquiryRateLimit } from './rate-limit.server';
export { inquiryRoutes } from './routes.server';
export { InquiryTriage } from './triage.server';
export { triageRoutes } from './triage-routes.server';
