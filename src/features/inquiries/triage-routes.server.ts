import { type RequestHandler, Router } from 'express';
import type { Logger } from '../../server/core/log';
import type { Inquiry } from '../../shared/api';
import { type FormTimerAnswer, spamApi } from '../../shared/spam';
import type { Records } from '../../storage/records';
import type { FormTimers } from './form-timer.server';
import type { InquiryTriage } from './triage.server';

const NO_SUCH_INQUIRY = 'No such inquiry.';
const NOT_HELD = 'Only an inquiry marked likely spam can be moved or deleted here.';
const NOT_SAVED =
  'Your change was not saved: the data directory cannot be written just now. Please try again.';

interface TriageRoutesDeps {
  timers: FormTimers;
  triage: Pick<InquiryTriage, 'release' | 'remove' | 'isHeld'>;
  store: Pick<Records, 'listInquiries' | 'hasInquiry'>;
  /** Told of an inquiry let through: its notices are queued (through the durable outbox) then. */
  notices: { enqueue(inquiry: Inquiry): void };
  /** A family who named the next litter joins its waitlist once let through. */
  waitlist?: { join(inquiry: Inquiry): Promise<void> };
  requireUser: RequestHandler;
  logger: Pick<Logger, 'error'>;
}

/**
 * GET /api/inquiries/form-timer (public: the contact form's timer, decision 113);
 * POST /api/inquiries/:id/not-spam and DELETE /api/inquiries/:id (admin only, likely spam only:
 * the spec's inquiries are never deleted, and one she has seen in her inbox is one of those).
 */
export function triageRoutes(deps: TriageRoutesDeps): Router {
  const router = Router();

  router.get(spamApi.formTimer, (_req, res) => {
    // Private and never stored (the API's default): each visitor's own time.
    res.json({ timer: deps.timers.issue() } satisfies FormTimerAnswer);
  });

  router.post('/inquiries/:id/not-spam', deps.requireUser, async (req, res) => {
    const id = String(req.params.id);
    if (!deps.store.hasInquiry(id)) return res.status(404).json({ message: NO_SUCH_INQUIRY });
    if (!deps.triage.isHeld(id)) return res.status(409).json({ message: NOT_HELD });
    try {
      if (!(await deps.triage.release(id))) return res.status(409).json({ message: NOT_HELD });
    } catch (error) {
      deps.logger.error('spam-release', { error: String(error) });
      return res.status(503).json({ message: NOT_SAVED });
    }
    const inquiry = (await deps.store.listInquiries()).find((item) => item.id === id);
    if (inquiry) {
      deps.notices.enqueue(inquiry);
      await deps.waitlist?.join(inquiry).catch((error: unknown) => {
        deps.logger.error('inquiry-waitlist-not-stored', { reason: String(error) });
      });
    }
    res.json({ id });
  });

  router.delete('/inquiries/:id', deps.requireUser, async (req, res) => {
    const id = String(req.params.id);
    if (!deps.store.hasInquiry(id)) return res.status(404).json({ message: NO_SUCH_INQUIRY });
    if (!deps.triage.isHeld(id)) return res.status(409).json({ message: NOT_HELD });
    try {
      if (!(await deps.triage.remove(id))) return res.status(409).json({ message: NOT_HELD });
    } catch (error) {
      deps.logger.error('spam-delete', { error: String(error) });
      return res.status(503).json({ message: NOT_SAVED });
    }
    res.status(204).end();
  });

  return router;
}
