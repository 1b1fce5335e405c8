import type { Inquiry } from '../../shared/api';
import { ANY_LITTER, ANY_LITTER_LABEL } from '../../shared/litter-words';
import type {
  InquiryNote,
  InquirySale,
  InquiryStatus,
  ReservationView,
  WaitlistEntry,
} from '../../shared/sales';
import type { ReservationRecord, SalesData } from '../../storage/sales-file';
import type { Storage } from '../../storage/storage';
import { type NextLitter, NO_NEXT_LITTER } from './next-litter';

import {
  addNote,
  cancelReservation,
  heldFor,
  moveOnWaitlist,
  type NewReservation,
  reconcile,
  reserve,
  setStatus,
  wentHome,
} from './sales-changes.server';

interface SalesServiceDeps {
  /** Opens sales.json (its writes are held by a backup like every other: decisions 070, 075). */
  storage: Pick<Storage, 'openSales'>;
}

const NO_NOTES: readonly InquiryNote[] = [];

/** Which litter's waitlist a family is in (issue 27); without litters, one line for all. */
type WaitlistLine = Pick<WaitlistEntry, 'litterId' | 'litterName'>;
const ANY_LINE = (): WaitlistLine => ({ litterId: ANY_LITTER, litterName: ANY_LITTER_LABEL });

/**
 * Where each inquiry stands, the breeder's notes and reservations (DATA_DIR/sales.json): what the
 * inbox shows beside each inquiry and what the sales routes change. Built once at start.
 */
export async function openSalesService({ storage }: SalesServiceDeps) {
  const file = await storage.openSales();
  const change = <T>(apply: (data: SalesData) => [SalesData, T]) => file.change(apply);
  // Newest first, computed once per change (notes are appended oldest first).
  const newestFirst = new WeakMap<readonly InquiryNote[], readonly InquiryNote[]>();

  const notesOf = (id: string): readonly InquiryNote[] => {
    const notes = file.data.inquiries[id]?.notes;
    if (!notes) return NO_NOTES;
    let sorted = newestFirst.get(notes);
    if (!sorted) {
      sorted = [...notes].reverse();
      newestFirst.set(notes, sorted);
    }
    return sorted;
  };

  const statusOf = (inquiry: Inquiry): InquiryStatus => file.data.inquiries[inquiry.id]?.status ?? 'new';

  /** The family's reservation: the one held, else the last one that went home. */
  const reservationOf = (inquiry: Inquiry): ReservationView | null => {
    let found: ReservationRecord | undefined;
    for (const record of file.data.reservations)
      if (record.inquiryId === inquiry.id && !record.cancelledAt) found = record;
    return found ? toView(found, inquiry.name) : null;
  };

  let held: { revision: number; ids: ReadonlySet<string> } | null = null;
  const heldPuppyIds = (): ReadonlySet<string> => {
    if (held?.revision !== file.revision) {
      const ids = new Set<string>();
      for (const record of file.data.reservations)
        if (!record.cancelledAt && !record.wentHomeAt) ids.add(record.puppyId);
      held = { revision: file.revision, ids };
    }
    return held.ids;
  };

  /**
   * Calls `listener` after a change only when `part` of the data is another object than before
   * (each change rebuilds only what it changes): the page is rendered again when what it shows
   * moved, never for a note or a status (which a family's waitlist inquiry sets: decision 094).
   */
  const onPartChange = (part: (data: SalesData) => unknown, listener: () => void) => {
    let last = part(file.data);
    return file.onChange(() => {
      const now = part(file.data);
      if (now === last) return;
      last = now;
      listener();
    });
  };

  return {
    /** The puppies held for a family now (the public page shows them "Reserved"). */
    heldPuppyIds,
    /** After a change of the reservations only (which puppies the page shows "Reserved"). */
    onReservationsChange: (listener: () => void) => onPartChange((data) => data.reservations, listener),
    /**
     * The next litter as an earlier release saved it (hidden and blank if never): read once, when
     * litters.json is first made from it (decision 121). Since then the litters keep it.
     */
    nextLitter: (): NextLitter => file.data.nextLitter ?? NO_NEXT_LITTER,
    /**
     * A family asked for the next litter: "On waitlist", last in line. Only an inquiry she has not
     * given a status yet (the start-up catch-up after a crash between the two writes runs it again).
     */
    async joinWaitlist(id: string): Promise<void> {
      if (file.data.inquiries[id]?.status) return;
      await change((data) => [data.inquiries[id]?.status ? data : setStatus(data, id, 'waitlist'), null]);
    },
    revision: () => file.revision,
    /** The waitlist's order (inquiry ids), first come first served: the litters split it per litter. */
    waitlistIds: (): readonly string[] => file.data.waitlist,
    /** Every reservation held now, with the family's name (`nameOf` reads the inquiry). */
    heldReservations(nameOf: (inquiryId: string) => string): ReservationView[] {
      return file.data.reservations
        .filter((record) => !record.cancelledAt && !record.wentHomeAt)
        .map((record) => toView(record, nameOf(record.inquiryId)));
    },
    /** The held reservation of this id, if any. */
    heldReservation: (id: string) =>
      file.data.reservations.find((record) => record.id === id && !record.cancelledAt && !record.wentHomeAt),
    heldForPuppy: (puppyId: string) => heldFor(file.data, puppyId),
    /** The families on the waitlist, in order (`byId` finds their inquiries). */
    waitlist(
      byId: ReadonlyMap<string, Inquiry>,
      lineOf: (id: string) => WaitlistLine = ANY_LINE,
    ): WaitlistEntry[] {
      const entries: WaitlistEntry[] = [];
      // Places are counted per line: each litter's waitlist is first come, first served (issue 27).
      const places = new Map<string, number>();
      for (const id of file.data.waitlist) {
        const inquiry = byId.get(id);
        if (!inquiry) continue;
        const joinedAt = file.data.inquiries[id]?.waitlistedAt ?? inquiry.createdAt;
        const line = lineOf(id);
        const place = (places.get(line.litterId) ?? 0) + 1;
        places.set(line.litterId, place);
        entries.push({ place, id, name: inquiry.name, email: inquiry.email, joinedAt, ...line });
      }
      return entries;
    },
    moveOnWaitlist: (id: string, direction: 'up' | 'down', sameLine?: (otherId: string) => boolean) =>
      change((data) => [moveOnWaitlist(data, id, direction, sameLine), null]),
    /** The deposits recorded on the reservations held now, in cents. */
    heldDepositCents(): number {
      let cents = 0;
      for (const record of file.data.reservations)
        if (!record.cancelledAt && !record.wentHomeAt) cents += record.deposit?.cents ?? 0;
      return cents;
    },
    reserve: (input: NewReservation) => change((data) => reserve(data, input, new Date())),
    cancel: (id: string, note: string | null) =>
      change((data) => cancelReservation(data, id, note, new Date())),
    wentHome: (id: string) => change((data) => wentHome(data, id, new Date())),
    /** Written only when a reservation must follow a change of the puppies (see reconcile). */
    async reconcile(statusOf: (puppyId: string) => 'available' | 'sold' | undefined): Promise<void> {
      if (reconcile(file.data, statusOf, new Date()) === file.data) return;
      await change((data) => [reconcile(data, statusOf, new Date()), null]);
    },
    statusOf,
    notesOf,
    saleOf(inquiry: Inquiry): InquirySale {
      return {
        status: statusOf(inquiry),
        notes: [...notesOf(inquiry.id)],
        reservation: reservationOf(inquiry),
      };
    },
    setStatus: (id: string, status: InquiryStatus, joinedAt?: Date) =>
      change((data) => [setStatus(data, id, status, new Date(), joinedAt), null]),
    addNote: (id: string, text: string) => change((data) => [addNote(data, id, text, new Date()), null]),
    /**
     * Deleted likely spam (decision 113): its status, notes and waitlist place removed for good.
     * Reservations are kept: they are the puppies' history (a held inquiry is never offered one).
     */
    async forget(ids: readonly string[]): Promise<void> {
      const gone = new Set(ids);
      const holds = (data: SalesData) =>
        ids.some((id) => Object.hasOwn(data.inquiries, id)) || data.waitlist.some((id) => gone.has(id));
      if (!holds(file.data)) return;
      await change((data) => {
        if (!holds(data)) return [data, null];
        const inquiries = Object.fromEntries(Object.entries(data.inquiries).filter(([id]) => !gone.has(id)));
        return [{ ...data, inquiries, waitlist: data.waitlist.filter((id) => !gone.has(id)) }, null];
      });
    },
    onChange: (listener: () => void) => file.onChange(listener),
    close: () => file.close(),
  };
}

function toView(record: ReservationRecord, familyName: string): ReservationView {
  return {
    id: record.id,
    puppyId: record.puppyId,
    puppyName: record.puppyName,
    inquiryId: record.inquiryId,
    familyName,
    deposit: record.deposit,
    note: record.note,
    reservedAt: record.reservedAt,
    state: record.wentHomeAt ? 'went-home' : 'held',
  };
}

export type SalesService = Awaited<ReturnType<typeof openSalesService>>;
