/**
 * The inquiries (the server side): the API, the scripts-off form and their shared rate limit.
 * The contact section of the page is in page/.
 */
export { contactFormRoutes } from './contact-form.server';
export { InquiryEraser } from './erase.server';
export { FormTimers } from './form-timer.server';
export { inquiryRoutes } from './inquiries-routes.server';
// What an application (issue 29), which is an inquiry with answers, is submitted through.
export { FORM_ERROR, HONEYPOT_FIELD } from './inquiry-fields';
export { InquiryRateLimited, inquiryRateLimit } from './rate-limit.server';
export { isPlainObject, STORAGE_UNAVAILABLE, type SubmissionDeps, submitInquiry } from './submission.server';
export { InquiryTriage } from './triage.server';
export { triageRoutes } from './triage-routes.server';
