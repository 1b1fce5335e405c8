import { paths } from '../../shared/routes';
import type { CertificateWarning } from '../../storage/file-schemas';
import { type AccountMailSettings, composeNotice } from './account-email.server';
import { oneLine } from './compose.server';
import { formatReceivedTime } from './received-time.server';

/**
 * The one email to NOTIFY_EMAIL when the site's own HTTPS certificate (DOMAIN, decision 122) is
 * not renewed and expires within 14 days: which domain, when it expires, why (the authority's
 * answer in the operator's words), the next try, and what to do. The reason quotes the ACME
 * server: one line in the text part, escaped in the HTML part.
 */
export function composeCertificateNotice(
  id: string,
  warning: CertificateWarning,
  settings: AccountMailSettings,
) {
  const domain = oneLine(warning.domain);
  const expires = formatReceivedTime(warning.notAfter, settings.timeZone);
  const expired = Date.parse(warning.notAfter) <= Date.now();
  const line = expired
    ? `The HTTPS certificate of ${domain} has expired and could not be renewed: browsers warn every visitor away from the site.`
    : `The HTTPS certificate of ${domain} could not be renewed. It expires ${expires}; after that, browsers warn every visitor away from the site.`;
  const dashboard = settings.publicUrl ? `${settings.publicUrl}${paths.admin}` : 'the dashboard';
  const rows: [string, string][] = [
    ['Domain', domain],
    ['Expires', expires],
    ['Why', oneLine(warning.problem)],
    [
      'Next try',
      warning.nextAttempt ? formatReceivedTime(warning.nextAttempt, settings.timeZone) : 'none planned',
    ],
  ];
  const advice = [
    'The site keeps serving the current certificate and tries again by itself (after 1, 5 and 15 minutes, 1 and 3 hours, then every 6 hours). This is the only email about it; the dashboard shows the warning until a renewal succeeds.',
    `What to do: fix what "Why" says (most often, the domain's DNS no longer points to this server, or port 80 is closed to the internet), then wait for the next try, or restart the site to try at once. ${dashboard} shows how it goes.`,
  ];
  return composeNotice(id, settings, {
    subject: `The HTTPS certificate of ${domain} is not renewed`,
    line,
    rows,
    advice,
  });
}
