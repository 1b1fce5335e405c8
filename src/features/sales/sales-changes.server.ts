import { randomUUID } from 'node:crypto';
import { Refused } from '../../server/http/pipeline';
import { type Deposit, holdsWaitlistPlace, type InquiryStatus, salesMessages } from '../../shared/sales';
import type { InquirySaleRecord, ReservationRecord, SalesData } from '../../storage/sales-file';

/**
 * The breeder's sales changes as pure functions from one state of sales.json to the next: each
 * returns the new state or throws, so a refused change never touches what is stored.
 */

function withInquiry(data: SalesData, id: string, edit: (record: InquirySaleRecord) => InquirySaleRecord) {
  return { ...data, inquiries: { ...data.inquiries, [id]: edit(data.inquiries[id] ?? {}) } };
}

/**
 * Sets the status. Joining "On waitlist" (or "Approved") puts the family last on the waitlist
 * (first come, first served) and keeps when; leaving it takes them off.
 */
export function setStatus(
  data: SalesData,
  inquiryId: string,
  status: InquiryStatus,
  at = new Date(),
  /** When the family counts as joined, if not now (an approved application: the day they applied). */
  joinedAt?: Date,
): SalesData {
  const waits = holdsWaitlistPlace(status);
  const joins = waits && !holdsWaitlistPlace(data.inquiries[inquiryId]?.status);
  let next = withInquiry(data, inquiryId, (record) => ({
    ...record,
    status,
    ...(joins ? { waitlistedAt: (joinedAt ?? at).toISOString() } : {}),
  }));
  const listed = next.waitlist.includes(inquiryId);
  if (waits && !listed) next = { ...next, waitlist: [...next.waitlist, inquiryId] };
  if (!waits && listed) next = { ...next, waitlist: next.waitlist.filter((id) => id !== inquiryId) };
  return next;
}

/** One place up or down the waitlist; at an end it stays. */
export function moveOnWaitlist(
  data: SalesData,
  inquiryId: string,
  direction: 'up' | 'down',
  /** The families in the same line (the same litter, issue 27): the move passes over the others. */
  sameLine: (otherId: string) => boolean = () => true,
): SalesData {
  const from = data.waitlist.indexOf(inquiryId);
  if (from < 0) throw new SaleRefused(404, salesMessages.notOnWaitlist);
  const step = direction === 'up' ? -1 : 1;
  let to = from + step;
  while (to >= 0 && to < data.waitlist.length && !sameLine(data.waitlist[to] as string)) to += step;
  const other = data.waitlist[to];
  if (other === undefined) return data;
  const waitlist = [...data.waitlist];
  waitlist[from] = other;
  waitlist[to] = inquiryId;
  return { ...data, waitlist };
}

export function addNote(data: SalesData, inquiryId: string, text: string, at: Date): SalesData {
  const note = { id: randomUUID(), text, at: at.toISOString() };
  return withInquiry(data, inquiryId, (record) => ({ ...record, notes: [...(record.notes ?? []), note] }));
}

/** A change refused by what is stored: its HTTP status, the message and field errors if any. */
export class SaleRefused extends Refused {
  constructor(status: 400 | 404 | 409, message: string, errors?: Record<string, string>) {
    super(status, message, errors);
  }
}

const held = (record: ReservationRecord) => !record.cancelledAt && !record.wentHomeAt;

export interface NewReservation {
  inquiryId: string;
  puppyId: string;
  puppyName: string;
  deposit: Deposit | null;
  note: string | null;
}

/**
 * Holds a puppy for a family: refused if someone holds it already (another tab was first) or if
 * the family holds another one. The inquiry becomes "Reserved".
 */
export function reserve(data: SalesData, input: NewReservation, at: Date): [SalesData, ReservationRecord] {
  const taken = data.reservations.find((record) => held(record) && record.puppyId === input.puppyId);
  if (taken) throw new SaleRefused(409, salesMessages.puppyTaken(input.puppyName));
  const own = data.reservations.find((record) => held(record) && record.inquiryId === input.inquiryId);
  if (own) throw new SaleRefused(409, salesMessages.familyHolds(own.puppyName));
  const record: ReservationRecord = { id: randomUUID(), ...input, reservedAt: at.toISOString() };
  const next = { ...data, reservations: [...data.reservations, record] };
  return [setStatus(next, input.inquiryId, 'reserved'), record];
}

function findHeld(data: SalesData, id: string): ReservationRecord {
  const record = data.reservations.find((item) => item.id === id);
  if (!record || !held(record)) throw new SaleRefused(404, salesMessages.noSuchReservation);
  return record;
}

const replace = (data: SalesData, record: ReservationRecord): SalesData => ({
  ...data,
  reservations: data.reservations.map((item) => (item.id === record.id ? record : item)),
});

/** The puppy is available again; the family goes back to "Contacted". */
export function cancelReservation(
  data: SalesData,
  id: string,
  note: string | null,
  at: Date,
): [SalesData, ReservationRecord] {
  const record = {
    ...findHeld(data, id),
    cancelledAt: at.toISOString(),
    ...(note ? { cancelNote: note } : {}),
  };
  return [setStatus(replace(data, record), record.inquiryId, 'contacted'), record];
}

/** The puppy was sold to this family (the litter manager's sale is made first): "Went home". */
export function wentHome(data: SalesData, id: string, at: Date): [SalesData, ReservationRecord] {
  const record = { ...findHeld(data, id), wentHomeAt: at.toISOString() };
  return [setStatus(replace(data, record), record.inquiryId, 'went-home'), record];
}

/** The held reservation of a puppy, if any. */
export function heldFor(data: SalesData, puppyId: string): ReservationRecord | undefined {
  return data.reservations.find((record) => held(record) && record.puppyId === puppyId);
}

/**
 * Brings the reservations in line with the puppies: a held puppy that is now sold went home with
 * its family (sold from the litter manager, or a crash between the two writes of "Went home"); one
 * that is no longer listed is cancelled. Returns the data unchanged (the same object) when nothing is.
 */
export function reconcile(
  data: SalesData,
  statusOf: (puppyId: string) => 'available' | 'sold' | undefined,
  at: Date,
): SalesData {
  let next = data;
  for (const record of data.reservations) {
    if (!held(record)) continue;
    const status = statusOf(record.puppyId);
    if (status === 'sold') [next] = wentHome(next, record.id, at);
    else if (status === undefined)
      [next] = cancelReservation(next, record.id, salesMessages.puppyRemovedNote, at);
  }
  return next;
}
