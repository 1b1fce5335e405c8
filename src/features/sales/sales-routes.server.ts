import type { Response } from 'express';
import { type AdminRoutes, body, Conflict, NotFound, parsed, Refused } from '../../server/http/pipeline';
import {
  cancelInput,
  type HeldReservations,
  holdsWaitlistPlace,
  type InquirySaleAnswer,
  noteInput,
  reserveInput,
  type SalesOverview,
  salesMessages,
  statusInput,
  toDeposit,
  type Waitlist,
  waitlistMoveInput,
  wentHomeInput,
} from '../../shared/sales';
import type { Records } from '../../storage/records';
import type { PuppyService } from '../puppies/index';
import { PuppyNotFound, PuppyRefused, VersionConflict } from '../puppies/index';
import { type NextLitter, nextLitterInput } from './next-litter';
import type { SalesService } from './sales-service.server';

interface SalesRoutesDeps {
  store: Pick<Records, 'hasInquiry' | 'listInquiries'>;
  /** The sales, with the issue-20 block read and saved as the first planned litter (issue 27). */
  sales: Omit<SalesService, 'close' | 'onChange'> & { setNextLitter(next: NextLitter): Promise<unknown> };
  /** The litter manager's puppies: a reservation names one; "Went home" is its sale. */
  puppies: Pick<PuppyService, 'list' | 'markSold' | 'statusOf' | 'availableNames'>;
  /** The litter each waiting family waits for (issue 27): the waitlist is kept per litter. */
  waitingFor?: (inquiryId: string) => { litterId: string; litterName: string };
}

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
export function salesRoutes(api: AdminRoutes, { store, sales, puppies, waitingFor }: SalesRoutesDeps): void {
  /** The inquiry the path names, else 404. */
  const inquiryId = (id: string): string => {
    if (id.length <= 100 && store.hasInquiry(id)) return id;
    throw new NotFound(salesMessages.noSuchInquiry);
  };

  const answer = async (res: Response, id: string) => {
    const inquiry = (await store.listInquiries()).find((item) => item.id === id);
    if (!inquiry) throw new NotFound(salesMessages.noSuchInquiry);
    res.json({ id, ...sales.saleOf(inquiry) } satisfies InquirySaleAnswer);
  };

  /** The litter manager refusing the sale "Went home" makes: the puppy changed meanwhile (409). */
  const asSaleConflict = (error: unknown): unknown =>
    error instanceof PuppyNotFound
      ? new NotFound(error.message)
      : error instanceof VersionConflict || error instanceof PuppyRefused
        ? new Conflict(error.message)
        : error;

  // The inquiry first (404), then the body (400).
  api.post('/inquiries/:id/status', async (req, res) => {
    const id = inquiryId(req.params.id);
    await sales.setStatus(id, parsed(statusInput, req.body).status);
    await answer(res, id);
  });

  api.post('/inquiries/:id/notes', async (req, res) => {
    const id = inquiryId(req.params.id);
    await sales.addNote(id, parsed(noteInput, req.body).text);
    await answer(res, id);
  });

  api.get('/sales/overview', async (_req, res) => {
    const counts = { reserved: 0, 'went-home': 0, waitlist: 0, applied: 0 } as Record<string, number>;
    for (const inquiry of await store.listInquiries()) {
      const status = sales.statusOf(inquiry);
      if (status in counts) counts[status] = (counts[status] ?? 0) + 1;
      // "{w} on waitlist": every family with a place on it, approved applications too (issue 29).
      else if (holdsWaitlistPlace(status)) counts.waitlist = (counts.waitlist ?? 0) + 1;
    }
    res.json({
      available: puppies.availableNames().length,
      reserved: counts.reserved ?? 0,
      wentHome: counts['went-home'] ?? 0,
      waitlist: counts.waitlist ?? 0,
      depositCents: sales.heldDepositCents(),
      applied: counts.applied ?? 0,
    } satisfies SalesOverview);
  });

  const waitlist = async (res: Response) => {
    const byId = new Map((await store.listInquiries()).map((inquiry) => [inquiry.id, inquiry]));
    res.json({ families: sales.waitlist(byId, waitingFor) } satisfies Waitlist);
  };

  api.get('/waitlist', async (_req, res) => waitlist(res));

  api.post('/waitlist/:id/move', body(waitlistMoveInput), async (req, res) => {
    // Up and down within the family's own litter's waitlist.
    const line = waitingFor?.(req.params.id).litterId;
    const sameLine = waitingFor && ((other: string) => waitingFor(other).litterId === line);
    await sales.moveOnWaitlist(req.params.id, req.body.direction, sameLine);
    await waitlist(res);
  });

  api.get('/next-litter', (_req, res) => {
    res.json(sales.nextLitter() satisfies NextLitter);
  });

  // The whole block each time (the form holds all of it): on disk, and `/` rendered again with
  // it (a page data source, decision 081), before the answer's promise settles.
  api.put('/next-litter', body(nextLitterInput), async (req, res) => {
    await sales.setNextLitter(req.body);
    res.json(sales.nextLitter() satisfies NextLitter);
  });

  api.get('/reservations', async (_req, res) => {
    const names = new Map((await store.listInquiries()).map((inquiry) => [inquiry.id, inquiry.name]));
    res.json({
      reservations: sales.heldReservations((id) => names.get(id) ?? ''),
    } satisfies HeldReservations);
  });

  api.post('/inquiries/:id/reservation', async (req, res) => {
    const id = inquiryId(req.params.id);
    const input = parsed(reserveInput, req.body);
    const puppy = puppies.list().puppies.find((item) => item.id === input.puppyId);
    if (!puppy) throw new Refused(404, salesMessages.puppyGone, { puppyId: salesMessages.puppyGone });
    if (puppy.status === 'sold') throw new Conflict(salesMessages.puppySold);
    await sales.reserve({
      inquiryId: id,
      puppyId: puppy.id,
      puppyName: puppy.name,
      deposit: input.deposit ? toDeposit(input.deposit) : null,
      note: input.note || null,
    });
    await answer(res, id);
  });

  api.post('/reservations/:id/cancel', body(cancelInput), async (req, res) => {
    const record = await sales.cancel(req.params.id, req.body.note || null);
    await answer(res, record.inquiryId);
  });

  api.post('/reservations/:id/went-home', body(wentHomeInput), async (req, res) => {
    const record = sales.heldReservation(req.params.id);
    if (!record) throw new NotFound(salesMessages.noSuchReservation);
    const puppy = puppies.list().puppies.find((item) => item.id === record.puppyId);
    try {
      // The litter manager's own sale: the note on the sold card, top of the sold list. Then the
      // reservation follows the puppy (also what happens after "Mark as sold" there).
      if (puppy?.status === 'available')
        await puppies.markSold(puppy.id, { description: req.body.note, version: puppy.version });
      await sales.reconcile(puppies.statusOf);
    } catch (error) {
      throw asSaleConflict(error);
    }
    await answer(res, record.inquiryId);
  });
}
