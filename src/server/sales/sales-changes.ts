import { randomUUID } from 'node:crypto';
import type { InquiryStatus } from '../../shared/sales';
import type { InquirySaleRecord, SalesData } from '../../storage/sales-file';

/**
 * The breeder's sales changes as pure functions from one state of sales.json to the next: each
 * returns the new state or throws, so a refused change never touches what is stored.
 */

function withInquiry(data: SalesData, id: string, edit: (record: InquirySaleRecord) => InquirySaleRecord) {
  return { ...data, inquiries: { ...data.inquiries, [id]: edit(data.inquiries[id] ?? {}) } };
}

export function setStatus(data: SalesData, inquiryId: string, status: InquiryStatus): SalesData {
  return withInquiry(data, inquiryId, (record) => ({ ...record, status }));
}

export function addNote(data: SalesData, inquiryId: string, text: string, at: Date): SalesData {
  const note = { id: randomUUID(), text, at: at.toISOString() };
  return withInquiry(data, inquiryId, (record) => ({ ...record, notes: [...(record.notes ?? []), note] }));
}
