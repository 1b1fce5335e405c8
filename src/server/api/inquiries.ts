import { Router } from 'express';
import type { ApiError, InquiryCreated } from '../../shared/api';
import type { AppDeps } from '../app';
import { INVALID_INQUIRY, isPlainObject, STORAGE_UNAVAILABLE, submitInquiry } from '../inquiry-submission';
import { inquiryRateLimit, rateLimitedJson } from '../rate-limit';

export const NOT_AN_OBJECT = 'The request body must be a JSON object with the inquiry fields.';

/** POST /api/inquiries: 201 `{ id, createdAt }` once the inquiry is on disk. */
export function inquiriesApi(deps: AppDeps): Router {
  const router = Router();

  router.post('/inquiries', ...inquiryRateLimit(deps), async (req, res) => {
    const answer = (status: number, body: InquiryCreated | ApiError) => res.status(status).json(body);
    if (!isPlainObject(req.body)) return answer(400, { message: NOT_AN_OBJECT });

    const result = await submitInquiry(deps, req.body);
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
