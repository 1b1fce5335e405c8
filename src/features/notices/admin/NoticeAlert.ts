import { useQuery } from '@tanstack/react-query';
import { html } from 'htm/react';
import * as alertStyles from '../../../ui/admin/Alert.css';
import { formatFull } from '../../../ui/admin/dates';
import type { NoticeProblem, NoticesStatus } from '../notices';
import * as styles from './NoticeAlert.css';
import { noticesText } from './notices-text';

const NOTICES_KEY = ['/api/notices'] as const;

/**
 * Above the inquiries: an alert while notices are failing (how many wait, since when, the server's
 * last answer), or one quiet line when email notices are not configured. Nothing when all is well.
 */
export function NoticeAlert() {
  const status = useQuery<NoticesStatus>({
    queryKey: NOTICES_KEY,
    staleTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: true,
    // Clears by itself once the mail server answers again.
    refetchInterval: 60_000,
  });
  if (!status.data) return null;
  const { channels, problems } = status.data;
  if (problems.length > 0)
    return html`<div className=${alertStyles.alert} role="alert" data-testid="notice-alert">
      <p className=${alertStyles.title}>${noticesText.alertTitle}</p>
      <ul className=${styles.list}>
        ${problems.map((problem) => html`<${ProblemLine} key=${problem.channel} problem=${problem} />`)}
      </ul>
      <p>${noticesText.safe}</p>
    </div>`;
  if (!channels.email)
    return html`<p className=${styles.quiet} data-testid="notices-off">
      <strong>${noticesText.offTitle}</strong> ${noticesText.off}
    </p>`;
  return null;
}

function ProblemLine({ problem }: { problem: NoticeProblem }) {
  return html`<li>
    <strong>${noticesText.channel[problem.channel]}:</strong>${' '}${noticesText.summary(problem.waiting, problem.failed, formatFull(problem.since))}
    ${
      problem.lastAnswer &&
      html` ${noticesText.lastAnswer} <span className=${styles.answer}>${problem.lastAnswer}</span>`
    }
  </li>`;
}
