import type { Inquiry } from '../../shared/api';
import type { InquiryNote, InquirySale, InquiryStatus, ReservationView } from '../../shared/sales';
import type { ReservationRecord, SalesData } from '../../storage/sales-file';
import type { Storage } from '../../storage/storage';
import { addNote, setStatus } from './sales-changes';

interface SalesServiceDeps {
  /** Opens sales.json (its writes are held by a backup like every other: decisions 070, 075). */
  storage: Pick<Storage, 'openSales'>;
}

const NO_NOTES: readonly InquiryNote[] = [];

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

  return {
    statusOf,
    notesOf,
    saleOf(inquiry: Inquiry): InquirySale {
      return {
        status: statusOf(inquiry),
        notes: [...notesOf(inquiry.id)],
        reservation: reservationOf(inquiry),
      };
    },
    setStatus: (id: string, status: InquiryStatus) => change((data) => [setStatus(data, id, status), null]),
    addNote: (id: string, text: string) => change((data) => [addNote(data, id, text, new Date()), null]),
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
