import express, {
  type ErrorRequestHandler,
  type Request,
  type RequestHandler,
  type Response,
  Router,
} from 'express';
import type { Logger } from '../../server/core/log';
import { cacheControl } from '../../server/http/cache-control';
import { sameOriginOnly } from '../../server/http/same-origin';
import { applicationChoice } from '../../shared/application-choice';
import { APPLY_PATH, applyPath, takesApplications } from '../../shared/litter-words';
import type { VisitSource } from '../../shared/visit-source';
import {
  FORM_ERROR,
  HONEYPOT_FIELD,
  InquiryRateLimited,
  isPlainObject,
  STORAGE_UNAVAILABLE,
  type SubmissionDeps,
  submitInquiry,
} from '../inquiries/index';
import type { LitterRecord } from '../litters/index';
import type { SalesService } from '../sales/index';
import { type Applications, answerField, checkAnswers } from './application-service.server';
import {
  APPLY_CSS_PATH,
  applyCss,
  applyCssHash,
  applyPageCache,
  renderApplyForm,
  renderApplySent,
  renderNoSuchLitter,
} from './apply-page.server';

const NOT_A_FORM = 'Send the application form as application/x-www-form-urlencoded.';
const FAMILY_FIELDS = ['name', 'email', 'phone'] as const;

interface ApplyRoutesDeps extends Omit<SubmissionDeps, 'puppies' | 'waitlist'> {
  applications: Pick<Applications, 'questions' | 'record' | 'onChange'>;
  litters: { litters(): readonly LitterRecord[]; onChange(listener: () => void): () => void };
  sales: Pick<SalesService, 'setStatus'>;
  /** The brand she published ("Saguaro Doodles"). */
  brand: () => string;
  /** The per-client limit of the contact form: the same instance, so applying spends the same budget. */
  rateLimit: RequestHandler[];
  sourceOf: (req: Request) => VisitSource;
  logger: Pick<Logger, 'error'>;
}

/**
 * A litter families may apply for: one taking applications ("Take applications" on
 * /admin/litters) that is a planned one she shows on `/`, or a born one.
 */
export function openForApplications(litters: readonly LitterRecord[], id: string): LitterRecord | undefined {
  return litters.find(
    (litter) =>
      litter.id === id &&
      takesApplications(litter) &&
      (litter.status === 'born' || (litter.status === 'planned' && litter.shown)),
  );
}

const sendPage = (res: Response, status: number, body: string) => {
  res.status(status);
  res.setHeader('Cache-Control', cacheControl.privateNoStore);
  res.setHeader('X-Robots-Tag', 'noindex');
  res.type('html').send(body);
};

/**
 * The family's side of issue 29: `GET /apply/{litter}` (the form), `POST /apply/{litter}` (a
 * plain form post: the contact form's honeypot, rate limit and checks, then the application
 * beside its inquiry, all on disk before the 303), `GET /apply/{litter}/sent`, and the page's
 * stylesheet. The empty form is rendered once per litter and set of questions, never per request,
 * and never through `/`'s renderer.
 */
export function applyRoutes(deps: ApplyRoutesDeps): Router {
  const router = Router();
  // The pages a family GETs (the empty form, "sent", "not taking applications"), each rendered
  // once per litter, its questions and her brand: a request never buys a render.
  const cached = applyPageCache(deps);
  const noSuchLitter = () => cached('none', () => renderNoSuchLitter(deps.brand()));

  router.get(APPLY_CSS_PATH, (req, res) => {
    res.setHeader(
      'Cache-Control',
      req.query.v === applyCssHash ? cacheControl.immutable : cacheControl.publicDay,
    );
    res.type('css').send(applyCss);
  });

  const formPage = (
    litter: LitterRecord,
    values: Record<string, string> = {},
    errors: Record<string, string> = {},
  ) =>
    renderApplyForm({
      brand: deps.brand(),
      litterName: litter.name,
      action: applyPath(litter.id),
      questions: deps.applications.questions().questions,
      values,
      errors,
    });

  router.get(`${APPLY_PATH}/:litter`, (req, res) => {
    const litter = openForApplications(deps.litters.litters(), String(req.params.litter));
    if (!litter) return sendPage(res, 404, noSuchLitter());
    return sendPage(
      res,
      200,
      cached(`form:${litter.id}`, () => formPage(litter)),
    );
  });

  router.get(`${APPLY_PATH}/:litter/sent`, (req, res) => {
    const litter = openForApplications(deps.litters.litters(), String(req.params.litter));
    if (!litter) return sendPage(res, 404, noSuchLitter());
    return sendPage(
      res,
      200,
      cached(`sent:${litter.id}`, () => renderApplySent(deps.brand(), litter.name)),
    );
  });

  router.post(
    `${APPLY_PATH}/:litter`,
    sameOriginOnly(),
    requireFormBody,
    express.urlencoded({ extended: false, limit: '32kb', parameterLimit: 200 }),
    (req, res, next) => {
      // An unknown or hidden litter is refused before it spends the client's budget.
      const litter = openForApplications(deps.litters.litters(), String(req.params.litter));
      if (!litter) return sendPage(res, 404, noSuchLitter());
      res.locals.litter = litter;
      next();
    },
    ...deps.rateLimit,
    async (req, res) => {
      const litter = res.locals.litter as LitterRecord;
      const questions = deps.applications.questions().questions;
      const values = formValues(req.body, [...FAMILY_FIELDS, ...questions.map(answerField)]);
      const checked = checkAnswers(questions, (field) => values[field] ?? '');
      const choice = applicationChoice(litter.name);
      // The contact form's rules for the family's name, email and phone; the message is ours.
      const result = await submitInquiry(
        { ...deps, puppies: { availableNames: () => [choice] } },
        {
          name: values.name,
          email: values.email,
          phone: values.phone,
          puppy: choice,
          message: `Application for ${litter.name}`,
          [HONEYPOT_FIELD]: (req.body as Record<string, unknown> | undefined)?.[HONEYPOT_FIELD],
        },
        deps.sourceOf(req),
        undefined,
        // Nothing is stored unless every answer is right too.
        Object.keys(checked.errors).length > 0 ? checked.errors : undefined,
      );
      switch (result.outcome) {
        case 'trapped':
          return res.redirect(303, `${applyPath(litter.id)}/sent`);
        case 'invalid':
          return sendPage(res, 400, formPage(litter, values, { ...result.errors }));
        case 'unavailable':
          return sendPage(res, 503, formPage(litter, values, { [FORM_ERROR]: STORAGE_UNAVAILABLE }));
        case 'stored':
          try {
            await deps.applications.record(result.created.id, {
              litterId: litter.id,
              litterName: litter.name,
              appliedAt: result.created.createdAt,
              answers: checked.answers,
            });
            await deps.sales.setStatus(result.created.id, 'applied');
          } catch (error) {
            deps.logger.error('application-not-stored', {
              reason: error instanceof Error ? error.message : String(error),
            });
            return sendPage(res, 503, formPage(litter, values, { [FORM_ERROR]: STORAGE_UNAVAILABLE }));
          }
          return res.redirect(303, `${applyPath(litter.id)}/sent`);
      }
    },
  );

  const rateLimitedPage: ErrorRequestHandler = (error, req, res, next) => {
    if (!(error instanceof InquiryRateLimited)) return next(error);
    const litter = res.locals.litter as LitterRecord | undefined;
    if (!litter) return next(error);
    const questions = deps.applications.questions().questions;
    const values = formValues(req.body, [...FAMILY_FIELDS, ...questions.map(answerField)]);
    return sendPage(res, 429, formPage(litter, values, { [FORM_ERROR]: error.message }));
  };
  router.use(rateLimitedPage);
  return router;
}

const requireFormBody: RequestHandler = (req, res, next) => {
  if (req.is('application/x-www-form-urlencoded')) return next();
  res.status(415).type('text').send(NOT_A_FORM);
};

/** The form's fields as typed; a field sent twice counts once, a missing one is empty. */
export function formValues(body: unknown, fields: readonly string[]): Record<string, string> {
  const source = isPlainObject(body) ? body : {};
  const values: Record<string, string> = {};
  for (const field of fields) {
    const value = Object.hasOwn(source, field) ? source[field] : undefined;
    const first = Array.isArray(value) ? value[0] : value;
    values[field] = typeof first === 'string' ? first : '';
  }
  return values;
}
