import { format } from 'date-fns/format';
import { throwIfNotOk } from '../../../ui/data/http';
import { inboxApi, inboxSearchParams } from '../inbox';
import type { InboxFilters } from './use-inbox';

/**
 * Downloads what the search and filter show as `inquiries-YYYY-MM-DD.csv`, named for the
 * breeder's own day (the server's clock may be in another zone). Fetched rather than followed
 * as a link, so a failure (a session that ended) is shown on the dashboard instead of replacing
 * it; read as bytes, not text, so the byte-order mark that spreadsheets need is kept.
 */
export async function exportCsv(filters: InboxFilters): Promise<void> {
  const res = await fetch(`${inboxApi.export}${inboxSearchParams(filters)}`, { credentials: 'include' });
  await throwIfNotOk(res);
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `inquiries-${format(new Date(), 'yyyy-MM-dd')}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL by now; give the browser a moment before freeing it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
