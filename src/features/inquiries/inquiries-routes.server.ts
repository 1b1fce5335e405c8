import { type Request, type RequestHandler, Router } from 'express';
import type { AdminRoutes } from '../../server/http/pipeline';
import type { ApiError, InquiryCreated } from '../../shared/api';
import type { VisitSource } from '../../shared/visit-source';
import type { Records } from '../../storage/records';
import { toListed } from '../inbox/index';
import { rateLimitedJson } from './rate-limit.server';
import type { FormTimer } from './spam-rules.server';
import {
  INVALID_INQUIRY,
  isPlainObject,
  STORAGE_UNAVAILABLE,
  type SubmissionDeps,
  submitInquiry,
} from './submission.server';

const NOT_AN_OBJECT = 'The request body must be a JSON object with the inquiry fields.';

interface InquiryRoutesOptions extends SubmissionDeps {
  /** The per-client submission limit, the same instance the scripts-off form uses. */
  rateLimit: RequestHandler[];
  /** Where a request's visit came from. */
  sourceOf: (req: Request) => VisitSource;
  /** What the form's timer sent with the request says (issue 32). */
  timerOf?: (req: Request) => FormTimer;
}

/** POST /api/inquiries (public: the contact form's API): 201 `{ id, createdAt }` once the inquiry is on disk. */
export function inquiryRoutes(options: InquiryRoutesOptions): Router {
  const router = Router();

  router.post('/inquiries', ...options.rateLimit, async (req, res) => {
    const answer = (status: number, body: InquiryCreated | ApiError) => res.status(status).json(body);
    if (!isPlainObject(req.body)) return answer(400, { message: NOT_AN_OBJECT });

    const result = await submitInquiry(options, req.body, options.sourceOf(req), options.timerOf?.(req));
    switch (result.outcome) {
      case 'stored':
      case 'trapped':
        return answer(201, result.created);
      case 'invalid':
        return answer(400, { message: INVALID_INQUIRY, errors: result.errors });
      case 'unavailable':
        return answer(503, { message: STORAGE_UNAVAILABLE });
    }
  });

  router.use(rateLimitedJson);
  return router;
}

/**
 * GET /api/inquiries: every inquiry, newest first, each with its readAt, for the signed-in
 * administrator (the inbox's paged and searched view is GET /api/inbox).
 */
export function inquiriesApi(
  api: AdminRoutes,
  deps: {
    store: Pick<Records, 'listInquiries' | 'inquiryReads'>;
    /** Held back as likely spam, or deleted: not in the list (issue 32). */
    hidden: (id: string) => boolean;
  },
): void {
  api.get('/inquiries', async (_req, res) => {
    const [inquiries, reads] = await Promise.all([deps.store.listInquiries(), deps.store.inquiryReads()]);
    res.json(
      inquiries.filter((inquiry) => !deps.hidden(inquiry.id)).map((inquiry) => toListed(inquiry, reads)),
    );
  });
}
