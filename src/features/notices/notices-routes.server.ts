import type { AdminRoutes } from '../../server/http/pipeline';
import type { InquiryNotices, NoticesStatus } from './notices';
import type { Notices } from './start-notices.server';

/**
 * GET /api/notices (how the channels are doing) and GET /api/notices/:inquiryId (one inquiry's
 * notices), for the signed-in administrator only. Private and changing: never cached.
 */
export function noticesApi(api: AdminRoutes, deps: { notices: Pick<Notices, 'status' | 'noticesOf'> }): void {
  api.get('/notices', (_req, res) => {
    res.json(deps.notices.status() satisfies NoticesStatus);
  });

  // An id with no notice (an inquiry from before notices, or none at all) has an empty list: the
  // answer says only what the outbox knows.
  api.get('/notices/:inquiryId', (req, res) => {
    const { inquiryId } = req.params;
    res.json({ inquiryId, notices: deps.notices.noticesOf(inquiryId) } satisfies InquiryNotices);
  });
}
