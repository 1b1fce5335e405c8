import type { Inquiry } from '../../shared/api';
import type { InquirySale, InquiryStatus } from '../../shared/sales';
import type { VisitSource } from '../../shared/visit-source';

/**
 * The breeder's inbox: what its API answers and accepts, read by the dashboard and produced by
 * the server. The plain GET /api/inquiries of spec section 7 stays as it is (plus readAt).
 */

/** An inquiry as listed to the administrator: when it was first opened, or null if never. */
export interface ListedInquiry extends Inquiry {
  /** ISO 8601, UTC; null while the inquiry has not been opened in "View Details". */
  readAt: string | null;
  /** Where the visit that sent it came from (GET /api/inbox only; absent when not recorded). */
  source?: VisitSource;
}

/** An inquiry in the inbox: also where it stands, the breeder's notes and any reservation. */
export interface InboxItem extends ListedInquiry {
  sale: InquirySale;
  /** Held back as likely spam (issue 32): why, in words. Absent for the inbox's inquiries. */
  spam?: { reasons: string[] };
}

/** GET /api/inbox answers one page of this. */
export interface InboxPage {
  /** Newest first, at most INBOX_PAGE_SIZE. */
  items: InboxItem[];
  /** How many inquiries the search and filter match (all stored when there are none). */
  matched: number;
  /** How many inquiries are stored. */
  total: number;
  /** How many stored inquiries have never been opened (whatever the search). */
  unread: number;
  /** How many stored inquiries have each status (whatever the search). */
  statuses: Record<InquiryStatus, number>;
  /** How many inquiries are held back as likely spam (whatever the search). */
  spam: number;
  /** Every puppy named in any stored inquiry, sorted. */
  puppies: string[];
  /** Send back as `cursor` for the next page; null on the last one. */
  nextCursor: string | null;
}

/** POST /api/inquiries/:id/read answers this. */
export interface InquiryRead {
  id: string;
  readAt: string;
}

export const INBOX_PAGE_SIZE = 50;
export const SEARCH_MAX_LENGTH = 200;
export const PUPPY_FILTER_MAX_LENGTH = 100;

/**
 * The inbox's query parameters. `puppy` is a puppy's name, or empty for the inquiries that name
 * none ("None specified"; a stored puppy is never empty); absent means every inquiry. `status`
 * keeps the inquiries that have it.
 */
export interface InboxQuery {
  q?: string;
  puppy?: string;
  status?: InquiryStatus;
  /** The likely spam instead of the inbox. */
  spam?: boolean;
  cursor?: string;
}

export const inboxApi = {
  page: '/api/inbox',
  export: '/api/inbox/export.csv',
  read: (id: string) => `/api/inquiries/${encodeURIComponent(id)}/read`,
} as const;

/** `?q=…&puppy=…` for a URL, leaving out what is unset (an empty puppy is kept: it means "none"). */
export function inboxSearchParams(query: InboxQuery): string {
  const params = new URLSearchParams();
  if (query.q?.trim()) params.set('q', query.q.trim());
  if (query.puppy !== undefined) params.set('puppy', query.puppy);
  if (query.status !== undefined) params.set('status', query.status);
  if (query.spam) params.set('spam', '1');
  if (query.cursor !== undefined) params.set('cursor', query.cursor);
  const text = params.toString();
  return text ? `?${text}` : '';
}
