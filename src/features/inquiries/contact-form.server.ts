import express, { type ErrorRequestHandler, type Request, type RequestHandler, Router } from 'express';
import { sendError } from '../../server/http/errors';
import { sameOriginOnly } from '../../server/http/same-origin';
import type { PageHandler } from '../../server/pages/page-cache';
import type { ContactPageState } from '../../shared/page-state';
import type { VisitSource } from '../../shared/visit-source';
import { FORM_ERROR, HONEYPOT_FIELD, type InquiryFormValues, inquiryFields } from './inquiry-fields';
import { InquiryRateLimited } from './rate-limit.server';
import { isPlainObject, STORAGE_UNAVAILABLE, type SubmissionDeps, submitInquiry } from './submission.server';

/** Where a stored (or trapped) scripts-off submission is sent: a reload there stores nothing. */
const FORM_SENT_LOCATION = '/?inquiry=sent#contact';
const NOT_A_FORM = 'Send the contact form as application/x-www-form-urlencoded.';

/**
 * The contact form posted with scripts off (`<form method="post" action="/#contact">`): the same
 * schema, honeypot and rate limit as the API. Success is a 303 to a page showing the Thank You
 * panel (post/redirect/get); otherwise the landing page comes back with the values as typed and
 * the messages under their fields.
 */
interface ContactFormOptions extends SubmissionDeps {
  pages: Pick<PageHandler, 'renderWithState'>;
  /** The per-client submission limit, the same instance the API uses. */
  rateLimit: RequestHandler[];
  /** Where a request's visit came from (the page's utm tags arrive in the post's Referer). */
  sourceOf: (req: Request) => VisitSource;
}

export function contactFormRoutes(options: ContactFormOptions): Router {
  const { pages } = options;
  const router = Router();
  const renderContact = (req: Request, res: express.Response, contact: ContactPageState, status?: number) =>
    pages.renderWithState(req, res, { contact }, status);

  router.get('/', (req, res, next) => {
    if (req.query.inquiry !== 'sent') return next();
    return renderContact(req, res, { status: 'sent' });
  });

  router.post(
    '/',
    sameOriginOnly(),
    requireFormBody,
    express.urlencoded({ extended: false, limit: '16kb' }),
    ...options.rateLimit,
    async (req, res) => {
      const values = formValues(req.body);
      const result = await submitInquiry(
        options,
        { ...values, [HONEYPOT_FIELD]: req.body?.[HONEYPOT_FIELD] },
        options.sourceOf(req),
      );
      switch (result.outcome) {
        case 'stored':
        case 'trapped':
          return res.redirect(303, FORM_SENT_LOCATION);
        case 'invalid':
          return renderContact(req, res, { status: 'invalid', values, errors: result.errors }, 400);
        case 'unavailable':
          return renderContact(
            req,
            res,
            { status: 'invalid', values, errors: { [FORM_ERROR]: STORAGE_UNAVAILABLE } },
            503,
          );
      }
    },
  );

  const rateLimitedPage: ErrorRequestHandler = (error, req, res, next) => {
    if (!(error instanceof InquiryRateLimited)) return next(error);
    const contact: ContactPageState = {
      status: 'invalid',
      values: formValues(req.body),
      errors: { [FORM_ERROR]: error.message },
    };
    return renderContact(req, res, contact, 429);
  };
  router.use(rateLimitedPage);
  return router;
}

const requireFormBody: RequestHandler = (req, res, next) => {
  if (req.is('application/x-www-form-urlencoded')) return next();
  sendError(req, res, 415, NOT_A_FORM);
};

/** The form's fields as typed; a field sent twice counts once, a missing one is empty. */
function formValues(body: unknown): InquiryFormValues {
  const source = isPlainObject(body) ? body : {};
  const values = {} as InquiryFormValues;
  for (const field of inquiryFields) {
    const value = source[field];
    const first = Array.isArray(value) ? value[0] : value;
    values[field] = typeof first === 'string' ? first : '';
  }
  return values;
}
