/**
 * The inquiries (the server side): the public API and scripts-off form with their shared rate
 * limit, the admin's list and spam triage (on the admin pipeline).
 * The contact section of the page is in page/.
 */
export { contactFormRoutes } from './contact-form.server';
export { InquiryEraser } from './erase.server';
export { FormTimers } from './form-timer.server';
export { inquiriesApi, inquiryRoutes } from './inquiries-routes.server';
// What an application (issue 29), which is an inquiry with answers, is submitted through.
export { FORM_ERROR, HONEYPOT_FIELD } from './inquiry-fields';
export { InquiryRateLimited, inquiryRateLimit } from './rate-limit.server';
export { isPlainObject, STORAGE_UNAVAILABLE, type SubmissionDeps, submitInquiry } from './submission.server';
export { InquiryTriage } from './triage.server';
export { formTimerRoute, triageApi } from './triage-routes.server';
