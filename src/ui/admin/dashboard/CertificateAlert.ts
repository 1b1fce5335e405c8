import { useQuery } from '@tanstack/react-query';
import { html } from 'htm/react';
import type { HttpsOff, HttpsStatus } from '../../../shared/https';
import * as alertStyles from '../Alert.css';
import { formatFull } from '../dates';
import * as styles from './CertificateAlert.css';

const HTTPS_KEY = ['/api/https'] as const;

const certificateText = {
  title: "The site's HTTPS certificate could not be renewed",
  expires: (when: string) =>
    `It expires ${when}. Until then the site works as usual, and the server keeps trying by itself.`,
  next: (when: string) => `Next try: ${when}.`,
  lastAnswer: 'What went wrong:',
  help: "Whoever set up the server can fix it with these words (the server's log says the same).",
} as const;

/**
 * With DOMAIN set (the site answers HTTPS itself): an alert when a renewal has failed and the
 * certificate expires within 14 days (decision 122). Nothing otherwise, nor behind a proxy.
 */
export function CertificateAlert() {
  const status = useQuery<HttpsStatus | HttpsOff>({
    queryKey: HTTPS_KEY,
    staleTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: true,
    refetchInterval: 300_000,
  });
  const data = status.data;
  if (!data || data.domain === null || !data.warning) return null;
  return html`<div className=${alertStyles.alert} role="alert" data-testid="certificate-alert">
    <p className=${alertStyles.title}>${certificateText.title}</p>
    ${data.notAfter && html`<p>${certificateText.expires(formatFull(data.notAfter))}</p>`}
    ${data.problem && html`<p>${certificateText.lastAnswer} <span className=${styles.answer}>${data.problem}</span></p>`}
    ${data.nextAttempt && html`<p>${certificateText.next(formatFull(data.nextAttempt))}</p>`}
    <p>${certificateText.help}</p>
  </div>`;
}
