import { useEffect } from 'react';
import { usePageTitle } from '../../../ui/admin/page-title';
import { inboxText } from './inbox-text';

/**
 * "(3) Admin Dashboard | …" while 3 inquiries are new, so a pinned tab or the phone's tab list
 * shows them; the page's own title again once none are new and when the dashboard unmounts.
 */
export function useUnreadTitle(unread: number | undefined): void {
  const title = usePageTitle('admin');
  useEffect(() => {
    document.title = inboxText.documentTitle(unread ?? 0, title);
  }, [unread, title]);
  useEffect(
    () => () => {
      document.title = title;
    },
    [title],
  );
}
