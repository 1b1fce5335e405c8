import { type RequestHandler, Router } from 'express';
import type { InquiryNotices, NoticesStatus } from '../../shared/notices';
import type { Notices } from './start';

/**
 * GET /api/notices (how the channels are doing) and GET /api/notices/:inquiryId (one inquiry's
 * notices), for the signed-in administrator only (`guard`). Private and changing: never cached.
 */
export function noticesApi(deps: {
  notices: Pick<Notices, 'status' | 'noticesOf'>;
  inquiryExists: (id: string) => Promise<boolean>;
  guard: RequestHandler;
}): Router {
  const router = Router();
  const noStore: RequestHandler = (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  };

  router.get('/notices', noStore, deps.guard, (_req, res) => {
    res.json(deps.notices.status() satisfies NoticesStatus);
  });

  router.get('/notices/:inquiryId', noStore, deps.guard, async (req, res) => {
    const inquiryId = String(req.params.inquiryId);
    if (inquiryId.length > 100 || !(await deps.inquiryExists(inquiryId))) {
      res.status(404).json({ message: 'No such inquiry.' });
      return;
    }
    res.json({ inquiryId, notices: deps.notices.noticesOf(inquiryId) } satisfies InquiryNotices);
  });

  return router;
}
