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
  const noStore: RequestHandler = (req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    // A read too is refused when the browser says another site asked (the API's guard passes
    // GETs): what the notices say about inquiries is private.
    const site = req.get('Sec-Fetch-Site');
    if (site !== undefined && site !== 'same-origin' && site !== 'none') {
      res.status(403).json({ message: 'Requests from other sites are not accepted.' });
      return;
    }
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
