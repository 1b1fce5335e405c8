import { useQuery, useQueryClient } from '@tanstack/react-query';
import { html } from 'htm/react';
import { useEffect, useState } from 'react';
import type { Inquiry } from '../../../shared/api';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { HttpError } from '../../data/http';
import * as card from '../Card.css';
import { USER_KEY } from '../current-user';
import { inquiriesText } from '../text';
import * as styles from './InquiriesCard.css';
import { InquiryDetails } from './InquiryDetails';
import { InquiryTable } from './InquiryTable';

export const INQUIRIES_KEY = ['/api/inquiries'] as const;

/** Spec section 7: unlike the defaults, the list is always stale and reloads on mount and focus. */
function useInquiries() {
  return useQuery<Inquiry[]>({
    queryKey: INQUIRIES_KEY,
    staleTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: true,
    retry: 1,
  });
}

/** The "Puppy Inquiries" card: loading, error, empty or the table, and the details of one. */
export function InquiriesCard() {
  const inquiries = useInquiries();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<Inquiry | null>(null);

  // A session that ended meanwhile (logout elsewhere, password change): recheck who is signed in,
  // which sends the page to the login screen.
  const sessionEnded = inquiries.error instanceof HttpError && inquiries.error.status === 401;
  useEffect(() => {
    if (sessionEnded) void queryClient.invalidateQueries({ queryKey: USER_KEY });
  }, [sessionEnded, queryClient]);

  let body: unknown;
  if (inquiries.isPending) body = html`<${Spinner} block label=${inquiriesText.loading} />`;
  else if (inquiries.isError)
    body = html`<div className=${styles.alert} role="alert">
      <p className=${styles.alertTitle}>${inquiriesText.errorTitle}</p>
      <p>${inquiries.error.message || inquiriesText.errorFallback}</p>
    </div>`;
  else if (inquiries.data.length === 0)
    body = html`<div className=${styles.empty}>
      <p className=${styles.emptyTitle}>${inquiriesText.emptyTitle}</p>
      <p>${inquiriesText.emptyText}</p>
    </div>`;
  else body = html`<${InquiryTable} inquiries=${inquiries.data} onView=${setSelected} />`;

  return html`<section className=${card.card} aria-labelledby="inquiries-title">
    <div className=${card.header}>
      <div>
        <h2 id="inquiries-title" className=${card.title}>${inquiriesText.title}</h2>
        <p className=${card.description}>${inquiriesText.intro}</p>
      </div>
      <${Button} variant="outline" compact pending=${inquiries.isFetching} onClick=${() => void inquiries.refetch()}>
        ${inquiriesText.refresh}
      <//>
    </div>
    <div className=${card.content}>${body}</div>
    ${selected && html`<${InquiryDetails} inquiry=${selected} onClose=${() => setSelected(null)} />`}
  </section>`;
}
