import { html } from 'htm/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { INQUIRY_STATUSES, type InquiryStatus } from '../../../shared/sales';
import { inquiriesText } from '../../../ui/admin/admin-text';
import * as card from '../../../ui/admin/Card.css';
import { ErrorAlert } from '../../../ui/admin/ErrorAlert';
import { Button } from '../../../ui/components/Button';
import { Spinner } from '../../../ui/components/Spinner';
import { useToast } from '../../../ui/components/Toast';
import { type InboxItem, SEARCH_MAX_LENGTH } from '../inbox';
import { exportCsv } from './export-csv';
import { InboxToolbar } from './InboxToolbar';
import * as styles from './InquiriesCard.css';
import { InquiryDetails } from './InquiryDetails';
import { InquiryTable } from './InquiryTable';
import { inboxText } from './inbox-text';
import { NoMatches } from './NoMatches';
import { SpamFilter } from './Spam';
import { spamText } from './spam-text';
import { useDebouncedValue } from './use-debounced-value';
import { useInbox, useMarkRead } from './use-inbox';
import { useUnreadTitle } from './use-unread-title';

/** Long enough to skip the keystrokes of a word typed at speed, short enough to feel immediate. */
const SEARCH_DEBOUNCE_MS = 200;

/**
 * The "Puppy Inquiries" card: the spec's states (loading, error, empty, the table, the details of
 * one), plus the inbox: "New" markers, search and puppy filter answered by the server a page at a
 * time, and the CSV export of what they show.
 */
export function InquiriesCard() {
  // A link may open the inbox filtered (`/admin?status=reserved&q=…`: the overview, the litter manager).
  const [initial] = useState(filtersFromAddress);
  const [search, setSearch] = useState(initial.q);
  const initialStatus = initial.status;
  const [puppy, setPuppy] = useState<string | undefined>(undefined);
  const [status, setStatus] = useState<InquiryStatus | undefined>(initialStatus);
  const [spam, setSpam] = useState(false);
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const filters = useMemo(() => ({ q, puppy, status, spam }), [q, puppy, status, spam]);
  const inbox = useInbox(filters);
  const markRead = useMarkRead();
  const toast = useToast();
  const [selected, setSelected] = useState<InboxItem | null>(null);
  const [exporting, setExporting] = useState(false);

  const pages = inbox.data?.pages ?? [];
  const first = pages[0];
  const items = useMemo(() => onceEach(pages.flatMap((page) => page.items)), [pages]);
  useUnreadTitle(first?.unread);

  const open = (inquiry: InboxItem) => {
    setSelected(inquiry);
    if (inquiry.readAt === null) markRead.mutate(inquiry.id);
  };
  const clear = () => {
    setSearch('');
    setPuppy(undefined);
    setStatus(undefined);
    document.getElementById('inbox-search')?.focus();
  };
  // The next rows take the place of the button: focus moves to the first of them, so keyboard and
  // screen-reader users carry on where the new rows start instead of at the top of the page.
  const focusAfterLoad = useRef<number | null>(null);
  const loadMore = () => {
    focusAfterLoad.current = items.length;
    void inbox.fetchNextPage();
  };
  useEffect(() => {
    const index = focusAfterLoad.current;
    const next = index === null ? undefined : items[index];
    if (next) {
      focusAfterLoad.current = null;
      focusRow(next.id);
    }
  }, [items]);
  const download = () => {
    setExporting(true);
    // What the field shows now, even if the list has not caught up with the last keystroke.
    exportCsv({ q: search.trim(), puppy, status, spam })
      .catch((error: Error) =>
        toast({ title: inboxText.exportFailed, description: error.message, variant: 'destructive' }),
      )
      .finally(() => setExporting(false));
  };

  let body: unknown;
  if (inbox.isPending) body = html`<${Spinner} block label=${inquiriesText.loading} />`;
  else if (inbox.isError || !first)
    body = html`<${ErrorAlert} title=${inquiriesText.errorTitle} message=${inbox.error?.message || inquiriesText.errorFallback} />`;
  else if (first.total === 0 && first.spam === 0)
    body = html`<div className=${styles.empty}>
      <p className=${styles.emptyTitle}>${inquiriesText.emptyTitle}</p>
      <p>${inquiriesText.emptyText}</p>
    </div>`;
  else
    body = html`<${SpamFilter} count=${first.spam} pressed=${spam} onToggle=${() => setSpam(!spam)} />
      <${InboxToolbar}
        search=${search}
        onSearch=${setSearch}
        puppy=${puppy}
        onPuppy=${setPuppy}
        puppies=${first.puppies}
        status=${status}
        onStatus=${setStatus}
        statuses=${first.statuses}
        onExport=${download}
        exporting=${exporting}
      />
      <p className=${styles.showing} role="status">${inboxText.showing(items.length, first.matched)}</p>
      ${
        items.length === 0
          ? spam && first.spam === 0
            ? html`<${NoSpam} onBack=${() => setSpam(false)} />`
            : html`<${NoMatches} onClear=${clear} />`
          : html`<${InquiryTable} inquiries=${items} onView=${open} />`
      }
      ${
        inbox.hasNextPage &&
        html`<div className=${styles.more}>
          <${Button} variant="outline" pending=${inbox.isFetchingNextPage} onClick=${loadMore}>
            ${inboxText.loadMore}
          <//>
        </div>`
      }`;

  const unread = first?.unread ?? 0;
  return html`<section className=${card.card} aria-labelledby="inquiries-title">
    <div className=${card.header}>
      <div>
        <div className=${styles.titleRow}>
          <h2 id="inquiries-title" className=${card.title}>${inquiriesText.title}</h2>
          ${unread > 0 && html`<span className=${styles.newCount} data-testid="new-count">${inboxText.newCount(unread)}</span>`}
        </div>
        <p className=${card.description}>${inquiriesText.intro}</p>
      </div>
      <${Button} variant="outline" pending=${inbox.isFetching && !inbox.isFetchingNextPage} onClick=${() => void inbox.refetch()}>
        ${inquiriesText.refresh}
      <//>
    </div>
    <div className=${card.content}>${body}</div>
    ${selected && html`<${InquiryDetails} inquiry=${selected} onClose=${() => setSelected(null)} />`}
  </section>`;
}

/** The "Likely spam" filter, with nothing held back. */
function NoSpam({ onBack }: { onBack: () => void }) {
  return html`<div className=${styles.empty}>
    <p className=${styles.emptyTitle}>${spamText.none}</p>
    <${Button} variant="outline" onClick=${onBack}>${spamText.backToInbox}<//>
  </div>`;
}

/** The search and status filter a link put in the address (only in the browser). */
function filtersFromAddress(): { q: string; status: InquiryStatus | undefined } {
  if (typeof window === 'undefined') return { q: '', status: undefined };
  const params = new URLSearchParams(window.location.search);
  const status = params.get('status');
  return {
    q: (params.get('q') ?? '').slice(0, SEARCH_MAX_LENGTH),
    status: INQUIRY_STATUSES.find((item) => item === status),
  };
}

/** Focuses the control of an inquiry's row that is shown at this width (name or "View Details"). */
function focusRow(id: string): void {
  const row = document.querySelector(`tr[data-inquiry-id="${CSS.escape(id)}"]`);
  const controls = [...(row?.querySelectorAll('button') ?? [])] as HTMLElement[];
  controls.find((control) => control.getClientRects().length > 0)?.focus();
}

/**
 * Each inquiry once. A cursor is a position in inquiries.json; deleted spam erased between two
 * pages (decision 113) moves the older ones down, so the next page may repeat one, never skip one.
 */
function onceEach(items: InboxItem[]): InboxItem[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    if (seen.has(item.id)) return false;
    seen.add(item.id);
    return true;
  });
}
