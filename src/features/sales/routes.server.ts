import { type Request, type RequestHandler, type Response, Router } from 'express';
import type * as z from 'zod/mini';
import type { ApiError } from '../../shared/api';
import {
  cancelInput,
  type HeldReservations,
  type InquirySaleAnswer,
  noteInput,
  reserveInput,
  type SalesOverview,
  salesFieldErrors,
  salesMessages,
  statusInput,
  toDeposit,
  type Waitlist,
  waitlistMoveInput,
  wentHomeInput,
} from '../../shared/sales';
import type { Store } from '../../storage/store';
import type { PuppyService } from '../puppies/index';
import { PuppyNotFound, PuppyRefused, VersionConflict } from '../puppies/index';
import { type NextLitter, nextLitterInput } from './next-litter';
import { SaleRefused } from './sales-changes.server';
import type { SalesService } from './sales-service.server';

interface SalesRoutesDeps {
  store: Pick<Store, 'hasInquiry' | 'listInquiries'>;
  /** The sales, with the issue-20 block read and saved as the first planned litter (issue 27). */
  sales: Omit<SalesService, 'close' | 'onChange'> & { setNextLitter(next: NextLitter): Promise<unknown> };
  /** The litter manager's puppies: a reservation names one; "Went home" is its sale. */
  puppies: Pick<PuppyService, 'list' | 'markSold' | 'statusOf' | 'availableNames'>;
  /** 401 unless signed in. (Cross-site writes are refused for all of /api by the app.) */
  requireUser: RequestHandler;
  /** 403 for a read a browser says comes from another site. */
  sameOriginReads: RequestHandler;
  /** The litter each waiting family waits for (issue 27): the waitlist is kept per litter. */
  waitingFor?: (inquiryId: string) => { litterId: string; litterName: string };
}

const INVALID = 'Check the highlighted fields.';

/**
 * The sales changes on one inquiry, for the signed-in administrator; each answers the inquiry's
 * sale as it now stands ({@link InquirySaleAnswer}), once it is on disk:
 *   POST /inquiries/:id/status   { status }
 *   POST /inquiries/:id/notes    { text }
 *   POST /inquiries/:id/reservation  { puppyId, deposit?: { amount, receivedOn, method }, note? }
 *   POST /reservations/:id/cancel     { note? }
 *   POST /reservations/:id/went-home  { note }   (the litter manager's sale, then "Went home")
 *   GET  /reservations                 the puppies held now, with the families' names
 *   GET  /waitlist                     the families "On waitlist", in order (first come, first served)
 *   POST /waitlist/:id/move            { direction: 'up' | 'down' }: the list as it now stands
 *   GET  /sales/overview               the dashboard's line: available, reserved, went home, waitlist, deposits
 *   GET  /next-litter                  the next litter as she set it (hidden and blank until then)
 *   PUT  /next-litter                  { shown, expected, parents, description }: the block as saved
 */
export function salesRoutes({
  store,
  sales,
  puppies,
  requireUser,
  sameOriginReads,
  waitingFor,
}: SalesRoutesDeps): Router {
  const router = Router();

  const parse = <S extends z.ZodMiniType>(
    schema: S,
    req: Request,
    res: Response,
  ): z.output<S> | undefined => {
    const parsed = schema.safeParse(req.body ?? {});
    if (parsed.success) return parsed.data;
    res.status(400).json({ message: INVALID, errors: salesFieldErrors(parsed.error) } satisfies ApiError);
    return undefined;
  };

  /** The inquiry the path names, or a 404 answered. */
  const inquiryId = (req: Request, res: Response): string | undefined => {
    const id = String(req.params.id);
    if (id.length <= 100 && store.hasInquiry(id)) return id;
    res.status(404).json({ message: salesMessages.noSuchInquiry } satisfies ApiError);
    return undefined;
  };

  const answer = async (res: Response, id: string) => {
    const inquiry = (await store.listInquiries()).find((item) => item.id === id);
    if (!inquiry) return res.status(404).json({ message: salesMessages.noSuchInquiry });
    res.json({ id, ...sales.saleOf(inquiry) } satisfies InquirySaleAnswer);
  };

  router.post('/inquiries/:id/status', requireUser, async (req, res) => {
    const id = inquiryId(req, res);
    const input = id && parse(statusInput, req, res);
    if (!id || !input) return;
    await sales.setStatus(id, input.status);
    await answer(res, id);
  });

  router.post('/inquiries/:id/notes', requireUser, async (req, res) => {
    const id = inquiryId(req, res);
    const input = id && parse(noteInput, req, res);
    if (!id || !input) return;
    await sales.addNote(id, input.text);
    await answer(res, id);
  });

  /** A refusal of the stores becomes its 4xx with a message; anything else is the app's 500. */
  const refused = (error: unknown, res: Response): boolean => {
    if (error instanceof SaleRefused) {
      res
        .status(error.status)
        .json({ message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
      return true;
    }
    if (error instanceof VersionConflict || error instanceof PuppyNotFound || error instanceof PuppyRefused) {
      res.status(error.status === 400 ? 409 : error.status).json({ message: error.message });
      return true;
    }
    return false;
  };

  router.get('/sales/overview', sameOriginReads, requireUser, async (_req, res) => {
    const counts = { reserved: 0, 'went-home': 0, waitlist: 0 } as Record<string, number>;
    for (const inquiry of await store.listInquiries()) {
      const status = sales.statusOf(inquiry);
      if (status in counts) counts[status] = (counts[status] ?? 0) + 1;
    }
    res.json({
      available: puppies.availableNames().length,
      reserved: counts.reserved ?? 0,
      wentHome: counts['went-home'] ?? 0,
      waitlist: counts.waitlist ?? 0,
      depositCents: sales.heldDepositCents(),
    } satisfies SalesOverview);
  });

  router.get('/waitlist', sameOriginReads, requireUser, async (_req, res) => {
    const byId = new Map((await store.listInquiries()).map((inquiry) => [inquiry.id, inquiry]));
    res.json({ families: sales.waitlist(byId, waitingFor) } satisfies Waitlist);
  });

  router.post('/waitlist/:id/move', requireUser, async (req, res) => {
    const input = parse(waitlistMoveInput, req, res);
    if (!input) return;
    try {
      // Up and down within the family's own litter's waitlist.
      const line = waitingFor?.(String(req.params.id)).litterId;
      const sameLine = waitingFor && ((other: string) => waitingFor(other).litterId === line);
      await sales.moveOnWaitlist(String(req.params.id), input.direction, sameLine);
    } catch (error) {
      if (refused(error, res)) return;
      throw error;
    }
    const byId = new Map((await store.listInquiries()).map((inquiry) => [inquiry.id, inquiry]));
    res.json({ families: sales.waitlist(byId, waitingFor) } satisfies Waitlist);
  });

  router.get('/next-litter', sameOriginReads, requireUser, (_req, res) => {
    res.json(sales.nextLitter() satisfies NextLitter);
  });

  // The whole block each time (the form holds all of it): on disk, and `/` rendered again with
  // it (a page data source, decision 081), before the answer's promise settles.
  router.put('/next-litter', requireUser, async (req, res) => {
    const input = parse(nextLitterInput, req, res);
    if (!input) return;
    await sales.setNextLitter(input);
    res.json(sales.nextLitter() satisfies NextLitter);
  });

  router.get('/reservations', sameOriginReads, requireUser, async (_req, res) => {
    const names = new Map((await store.listInquiries()).map((inquiry) => [inquiry.id, inquiry.name]));
    res.json({
      reservations: sales.heldReservations((id) => names.get(id) ?? ''),
    } satisfies HeldReservations);
  });

  router.post('/inquiries/:id/reservation', requireUser, async (req, res) => {
    const id = inquiryId(req, res);
    const input = id && parse(reserveInput, req, res);
    if (!id || !input) return;
    const puppy = puppies.list().puppies.find((item) => item.id === input.puppyId);
    if (!puppy)
      return res
        .status(404)
        .json({ message: salesMessages.puppyGone, errors: { puppyId: salesMessages.puppyGone } });
    if (puppy.status === 'sold') return res.status(409).json({ message: salesMessages.puppySold });
    try {
      await sales.reserve({
        inquiryId: id,
        puppyId: puppy.id,
        puppyName: puppy.name,
        deposit: input.deposit ? toDeposit(input.deposit) : null,
        note: input.note || null,
      });
    } catch (error) {
      if (refused(error, res)) return;
      throw error;
    }
    await answer(res, id);
  });

  router.post('/reservations/:id/cancel', requireUser, async (req, res) => {
    const input = parse(cancelInput, req, res);
    if (!input) return;
    try {
      const record = await sales.cancel(String(req.params.id), input.note || null);
      await answer(res, record.inquiryId);
    } catch (error) {
      if (!refused(error, res)) throw error;
    }
  });

  router.post('/reservations/:id/went-home', requireUser, async (req, res) => {
    const input = parse(wentHomeInput, req, res);
    if (!input) return;
    const record = sales.heldReservation(String(req.params.id));
    if (!record) return res.status(404).json({ message: salesMessages.noSuchReservation });
    const puppy = puppies.list().puppies.find((item) => item.id === record.puppyId);
    try {
      // The litter manager's own sale: the note on the sold card, top of the sold list. Then the
      // reservation follows the puppy (also what happens after "Mark as sold" there).
      if (puppy?.status === 'available')
        await puppies.markSold(puppy.id, { description: input.note, version: puppy.version });
      await sales.reconcile(puppies.statusOf);
    } catch (error) {
      if (refused(error, res)) return;
      throw error;
    }
    await answer(res, record.inquiryId);
  });

  return router;
}
