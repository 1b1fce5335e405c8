import { Router } from 'express';
import type { Logger } from '../../server/core/log';
import { type AdminRoutes, Conflict, NotFound } from '../../server/http/pipeline';
import type { Inquiry } from '../../shared/api';
import { type FormTimerAnswer, spamApi } from '../../shared/spam';
import type { Records } from '../../storage/records';
import type { FormTimers } from './form-timer.server';
import type { InquiryTriage } from './triage.server';

const NO_SUCH_INQUIRY = 'No such inquiry.';
const NOT_HELD = 'Only an inquiry marked likely spam can be moved or deleted here.';
const NOT_SAVED =
  'Your change was not saved: the data directory cannot be written just now. Please try again.';

/** GET /api/inquiries/form-timer (public: the contact form's timer, decision 113). */
export function formTimerRoute(timers: FormTimers): Router {
  const router = Router();
  router.get(spamApi.formTimer, (_req, res) => {
    // Private and never stored (the API's default): each visitor's own time.
    res.json({ timer: timers.issue() } satisfies FormTimerAnswer);
  });
  return router;
}

interface TriageApiDeps {
  triage: Pick<InquiryTriage, 'release' | 'remove' | 'isHeld'>;
  store: Pick<Records, 'listInquiries' | 'hasInquiry'>;
  /** Told of an inquiry let through: its notices are queued (through the durable outbox) then. */
  notices: { enqueue(inquiry: Inquiry): void };
  /** A family who named the next litter joins its waitlist once let through. */
  waitlist?: { join(inquiry: Inquiry): Promise<void> };
  logger: Pick<Logger, 'error'>;
}

/**
 * POST /api/inquiries/:id/not-spam and DELETE /api/inquiries/:id (admin only, likely spam only:
 * the spec's inquiries are never deleted, and one she has seen in her inbox is one of those).
 * A write the disk refused keeps its own words (503 NOT_SAVED), said since issue 32.
 */
export function triageApi(api: AdminRoutes, deps: TriageApiDeps): void {
  /** The inquiry the path names, held as likely spam: else 404, or 409 for one in her inbox. */
  const heldInquiry = (id: string): string => {
    if (!deps.store.hasInquiry(id)) throw new NotFound(NO_SUCH_INQUIRY);
    if (!deps.triage.isHeld(id)) throw new Conflict(NOT_HELD);
    return id;
  };

  api.post('/inquiries/:id/not-spam', async (req, res) => {
    const id = heldInquiry(req.params.id);
    let released: boolean;
    try {
      released = await deps.triage.release(id);
    } catch (error) {
      deps.logger.error('spam-release', { error: String(error) });
      res.status(503).json({ message: NOT_SAVED });
      return;
    }
    if (!released) throw new Conflict(NOT_HELD);
    const inquiry = (await deps.store.listInquiries()).find((item) => item.id === id);
    if (inquiry) {
      deps.notices.enqueue(inquiry);
      await deps.waitlist?.join(inquiry).catch((error: unknown) => {
        deps.logger.error('inquiry-waitlist-not-stored', { reason: String(error) });
      });
    }
    res.json({ id });
  });

  api.delete('/inquiries/:id', async (req, res) => {
    const id = heldInquiry(req.params.id);
    let removed: boolean;
    try {
      removed = await deps.triage.remove(id);
    } catch (error) {
      deps.logger.error('spam-delete', { error: String(error) });
      res.status(503).json({ message: NOT_SAVED });
      return;
    }
    if (!removed) throw new Conflict(NOT_HELD);
    res.status(204).end();
  });
}
