import { type Request, type RequestHandler, Router } from 'express';
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
  store: SubmissionDeps['store'] & Pick<Records, 'listInquiries' | 'inquiryReads'>;
  /** The per-client submission limit, the same instance the scripts-off form uses. */
  rateLimit: RequestHandler[];
  /** Lets only a signed-in administrator through (401 otherwise). */
  requireUser: RequestHandler;
  /** Refuses reads a browser says come from another site (403), like the inbox's. */
  sameOriginReads: RequestHandler;
  /** Where a request's visit came from. */
  sourceOf: (req: Request) => VisitSource;
  /** What the form's timer sent with the request says (issue 32). */
  timerOf?: (req: Request) => FormTimer;
  /** Held back as likely spam, or deleted: not in the list (issue 32). */
  hidden?: (id: string) => boolean;
}

/**
 * POST /api/inquiries: 201 `{ id, createdAt }` once the inquiry is on disk.
 * GET /api/inquiries: every inquiry, newest first, each with its readAt, for the signed-in
 * administrator (the inbox's paged and searched view is GET /api/inbox).
 */
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

  router.get('/inquiries', options.sameOriginReads, options.requireUser, async (_req, res) => {
    const [inquiries, reads] = await Promise.all([
      options.store.listInquiries(),
      options.store.inquiryReads(),
    ]);
    const hidden = options.hidden ?? (() => false);
    res.json(inquiries.filter((inquiry) => !hidden(inquiry.id)).map((inquiry) => toListed(inquiry, reads)));
  });

  router.use(rateLimitedJson);
  return router;
}
