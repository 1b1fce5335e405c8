import { useQuery } from '@tanstack/react-query';
import { html } from 'htm/react';
import { formatFull, formatTime } from '../../../ui/admin/dates';
import type { InquiryNotices, NoticeView } from '../notices';
import * as styles from './NoticeStatus.css';
import { noticesText } from './notices-text';

/** In an inquiry's details: whether each of its notices was sent, is waiting, or failed. */
export function NoticeStatus({ inquiryId }: { inquiryId: string }) {
  const notices = useQuery<InquiryNotices>({
    queryKey: [`/api/notices/${encodeURIComponent(inquiryId)}`],
    staleTime: 0,
    refetchOnMount: 'always',
  });
  let body: unknown;
  if (!notices.data)
    body = html`<p className=${styles.answer}>${notices.isError ? '' : noticesText.loading}</p>`;
  else if (notices.data.notices.length === 0)
    body = html`<p className=${styles.answer}>${noticesText.none}</p>`;
  else
    body = html`<ul className=${styles.list}>
      ${notices.data.notices.map((notice) => html`<${NoticeLine} key=${notice.channel} notice=${notice} />`)}
    </ul>`;
  return html`<section className=${styles.section} aria-labelledby="inquiry-notices-title" data-testid="notice-status">
    <h3 id="inquiry-notices-title" className=${styles.heading}>${noticesText.heading}</h3>
    ${body}
  </section>`;
}

function NoticeLine({ notice }: { notice: NoticeView }) {
  const next = notice.nextAttemptAt ? formatTime(notice.nextAttemptAt) : undefined;
  const label =
    notice.state === 'sent'
      ? noticesText.state.sent(formatFull(notice.updatedAt))
      : notice.state === 'waiting'
        ? noticesText.state.waiting(notice.attempts, next)
        : notice.state === 'failed'
          ? noticesText.state.failed(notice.attempts)
          : noticesText.state.skipped;
  const showAnswer = notice.lastAnswer && (notice.state === 'failed' || notice.state === 'waiting');
  return html`<li className=${styles.item}>
    ${noticesText.noticeChannel[notice.channel]}: <span className=${styles.state[notice.state]}>${label}</span>
    ${showAnswer && html`<br /><span className=${styles.answer}>${noticesText.lastAnswer} ${notice.lastAnswer}</span>`}
  </li>`;
}
