import {
  type InfiniteData,
  keepPreviousData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type { InquiryStatus } from '../../../shared/sales';
import { INQUIRIES_KEY } from '../../../ui/admin/queries';
import { apiRequest } from '../../../ui/data/http';
import { type InboxPage, type InquiryRead, inboxApi, inboxSearchParams } from '../inbox';

export interface InboxFilters {
  /** The search text as typed (debounced). */
  q: string;
  /** A puppy's name, '' for "None specified", undefined for all. */
  puppy: string | undefined;
  /** Only the inquiries with this status; undefined for all. */
  status?: InquiryStatus | undefined;
  /** The likely spam instead of the inbox (issue 32). */
  spam?: boolean;
}

/**
 * Under the inquiries list's key, so whatever drops or reloads the inquiries (logout, Refresh)
 * drops or reloads the inbox's pages too.
 */
const INBOX_KEY = [...INQUIRIES_KEY, 'inbox'] as const;

/**
 * The inbox, a page of 50 at a time, searched and filtered on the server. Spec section 7's
 * rules for the list hold: always stale, reloaded on mount and on window focus, one retry.
 * While a new search loads, the previous results stay on screen instead of a spinner.
 */
export function useInbox(filters: InboxFilters) {
  return useInfiniteQuery({
    queryKey: [...INBOX_KEY, filters],
    queryFn: ({ pageParam }) =>
      apiRequest<InboxPage>(
        'GET',
        `${inboxApi.page}${inboxSearchParams({ ...filters, cursor: pageParam ?? undefined })}`,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: true,
    retry: 1,
    placeholderData: keepPreviousData,
  });
}

/** Marks an inquiry read on the server (so on every device) and in every cached page at once. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<InquiryRead>('POST', inboxApi.read(id)),
    onSuccess: (read) => markReadInCache(queryClient, read),
  });
}

function markReadInCache(queryClient: QueryClient, read: InquiryRead): void {
  queryClient.setQueriesData<InfiniteData<InboxPage>>({ queryKey: INBOX_KEY }, (data) => {
    if (!data) return data;
    const wasUnread = data.pages.some((page) =>
      page.items.some((item) => item.id === read.id && !item.readAt),
    );
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        unread: wasUnread ? Math.max(0, page.unread - 1) : page.unread,
        items: page.items.map((item) => (item.id === read.id ? { ...item, readAt: read.readAt } : item)),
      })),
    };
  });
}
