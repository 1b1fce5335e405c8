import { type RequestHandler, Router } from 'express';
import type { InquiryNotices, NoticesStatus } from './notices';
import type { Notices } from './start.server';

/**
 * GET /api/notices (how the channels are doing) and GET /api/notices/:inquiryId (one inquiry's
 * notices), for the signed-in administrator only. Private and changing: never cached.
 */
export function noticesApi(deps: {
  notices: Pick<Notices, 'status' | 'noticesOf'>;
  /** Lets only a signed-in administrator through (401 otherwise). */
  requireUser: RequestHandler;
  /** Refuses reads a browser says another site asked for: what notices say is private. */
  sameOriginReads: RequestHandler;
}): Router {
  const router = Router();
  const guards = [deps.sameOriginReads, deps.requireUser];

  router.get('/notices', ...guards, (_req, res) => {
    res.json(deps.notices.status() satisfies NoticesStatus);
  });

  // An id with no notice (an inquiry from before notices, or none at all) has an empty list: the
  // answer says only what the outbox knows.
  router.get('/notices/:inquiryId', ...guards, (req, res) => {
    const inquiryId = String(req.params.inquiryId);
    res.json({ inquiryId, notices: deps.notices.noticesOf(inquiryId) } satisfies InquiryNotices);
  });

  return router;
}
