import type { Inquiry } from '../../shared/api';
import {
  holdsWaitlistPlace,
  INQUIRY_STATUSES,
  type InquiryNote,
  type InquirySale,
  type InquiryStatus,
  inStatusFilter,
} from '../../shared/sales';
import type { VisitSource } from '../../shared/visit-source';
import { INBOX_PAGE_SIZE, type InboxItem, type InboxPage, type ListedInquiry } from './inbox';
import { compileSearch } from './search-text.server';

/** A parsed inbox query: `puppy` null means every inquiry, '' those that name no puppy. */
export interface InboxCriteria {
  q: string;
  puppy: string | null;
  /** Only the inquiries with this status; null for all. */
  status: InquiryStatus | null;
  /** Only inquiries stored before this position (see nextCursor); null for the first page. */
  before: number | null;
  /** "Likely spam": the inquiries held back, instead of the inbox (issue 32). */
  spam?: boolean;
}

/** What the inbox reads of the spam triage (src/server/inquiries/triage.ts). */
export interface InboxTriage {
  isHeld(id: string): boolean;
  isDeleted(id: string): boolean;
  /** Why an inquiry is held, in words. */
  reasonsOf(id: string): string[] | undefined;
}

/** Before spam was triaged: every inquiry in the inbox. */
const NO_TRIAGE: InboxTriage = { isHeld: () => false, isDeleted: () => false, reasonsOf: () => undefined };

/** Only the fields the dashboard shows, whatever else the store may keep, plus the read time. */
export function toListed(inquiry: Inquiry, reads: ReadonlyMap<string, string>): ListedInquiry {
  const { id, name, email, phone, puppy, message, createdAt } = inquiry;
  return { id, name, email, phone, puppy, message, createdAt, readAt: reads.get(id) ?? null };
}

/** What the inbox reads of the sales beside the inquiries (the sales service). */
export interface InboxSales {
  statusOf(inquiry: Inquiry): InquiryStatus;
  notesOf(id: string): readonly InquiryNote[];
  saleOf(inquiry: Inquiry): InquirySale;
}

/** Before any status or note was kept: every inquiry "New", without notes. */
const NO_SALES: InboxSales = {
  statusOf: () => 'new',
  notesOf: () => [],
  saleOf: () => ({ status: 'new', notes: [], reservation: null }),
};

/**
 * The inquiries that match the search and the puppy filter, newest first. `newestFirst` is the
 * store's list; an inquiry's position counted from the oldest never changes (inquiries are only
 * appended), which is what the cursor holds, so "Load more" neither repeats nor skips an inquiry
 * when new ones arrive in between.
 */
export function* matching(
  newestFirst: readonly Inquiry[],
  criteria: InboxCriteria,
  sales: InboxSales = NO_SALES,
  triage: InboxTriage = NO_TRIAGE,
): Generator<{ inquiry: Inquiry; position: number }> {
  const search = compileSearch(criteria.q);
  const { puppy, status } = criteria;
  const spam = criteria.spam === true;
  const count = newestFirst.length;
  const start = criteria.before === null ? 0 : Math.max(0, count - criteria.before);
  for (let i = start; i < count; i += 1) {
    const inquiry = newestFirst[i] as Inquiry;
    if (triage.isDeleted(inquiry.id) || triage.isHeld(inquiry.id) !== spam) continue;
    if (puppy !== null && (inquiry.puppy ?? '') !== puppy) continue;
    if (status !== null && !inStatusFilter(sales.statusOf(inquiry), status)) continue;
    if (search && !search(inquiry, sales.notesOf(inquiry.id))) continue;
    yield { inquiry, position: count - 1 - i };
  }
}

/** One page of the inbox with the counts the dashboard shows, all computed here on the server. */
export function inboxPage(
  newestFirst: readonly Inquiry[],
  reads: ReadonlyMap<string, string>,
  criteria: InboxCriteria,
  sourceOf: (id: string) => VisitSource | undefined = () => undefined,
  sales: InboxSales = NO_SALES,
  triage: InboxTriage = NO_TRIAGE,
): InboxPage {
  const items: InboxItem[] = [];
  let lastPosition = -1;
  let matchedAfterCursor = 0;
  for (const { inquiry, position } of matching(newestFirst, criteria, sales, triage)) {
    matchedAfterCursor += 1;
    if (items.length < INBOX_PAGE_SIZE) {
      const source = sourceOf(inquiry.id);
      const reasons = triage.reasonsOf(inquiry.id);
      const listed: InboxItem = { ...toListed(inquiry, reads), sale: sales.saleOf(inquiry) };
      if (source) listed.source = source;
      if (reasons) listed.spam = { reasons };
      items.push(listed);
      lastPosition = position;
    }
  }
  const matched =
    criteria.before === null
      ? matchedAfterCursor
      : countOf(matching(newestFirst, { ...criteria, before: null }, sales, triage));
  // The counts are of the inbox: what is held back or deleted is not in it.
  const inbox =
    triage === NO_TRIAGE ? newestFirst : newestFirst.filter((inquiry) => !hidden(triage, inquiry.id));
  return {
    items,
    matched,
    total: inbox.length,
    unread: unreadCount(inbox, reads),
    statuses: statusCounts(inbox, sales),
    spam: newestFirst.length - inbox.length - deletedCount(newestFirst, triage),
    puppies: puppiesNamed(inbox),
    nextCursor: matchedAfterCursor > items.length ? String(lastPosition) : null,
  };
}

const hidden = (triage: InboxTriage, id: string) => triage.isHeld(id) || triage.isDeleted(id);

function deletedCount(inquiries: readonly Inquiry[], triage: InboxTriage): number {
  let count = 0;
  for (const inquiry of inquiries) if (triage.isDeleted(inquiry.id)) count += 1;
  return count;
}

function countOf(items: Iterable<unknown>): number {
  let count = 0;
  for (const _ of items) count += 1;
  return count;
}

function unreadCount(inquiries: readonly Inquiry[], reads: ReadonlyMap<string, string>): number {
  let count = 0;
  for (const inquiry of inquiries) if (!reads.has(inquiry.id)) count += 1;
  return count;
}

function puppiesNamed(inquiries: readonly Inquiry[]): string[] {
  const names = new Set<string>();
  for (const inquiry of inquiries) if (inquiry.puppy) names.add(inquiry.puppy);
  return [...names].sort((a, b) => a.localeCompare(b));
}

function statusCounts(inquiries: readonly Inquiry[], sales: InboxSales): Record<InquiryStatus, number> {
  const counts = Object.fromEntries(INQUIRY_STATUSES.map((status) => [status, 0])) as Record<
    InquiryStatus,
    number
  >;
  for (const inquiry of inquiries) {
    const status = sales.statusOf(inquiry);
    counts[status] += 1;
    // "On waitlist (n)" counts what its filter lists: approved families hold a place too.
    if (status !== 'waitlist' && holdsWaitlistPlace(status)) counts.waitlist += 1;
  }
  return counts;
}
