import { useQuery } from '@tanstack/react-query';
import { html } from 'htm/react';
import { paths } from '../../../shared/routes';
import { formatDollars, type SalesOverview, salesApi } from '../../../shared/sales';
import * as styles from '../../../ui/admin/details-section.css';
import { dashboardLink } from './dashboard-link';
import { salesText } from './sales-text';

/**
 * The line at the top of /admin: "{a} available · {r} reserved · {s} went home · {w} on waitlist ·
 * ${d} in deposits", each a link to the list it counts. Links are plain: they load the page with
 * its filter, so the inbox below opens filtered.
 */
export function SalesOverviewLine() {
  const overview = useQuery<SalesOverview>({
    queryKey: [salesApi.overview],
    staleTime: 0,
    refetchOnMount: 'always',
  });
  const data = overview.data;
  if (!data) return null;
  const parts = [
    { href: paths.litters, text: salesText.overview.available(data.available) },
    { href: dashboardLink({ status: 'reserved' }), text: salesText.overview.reserved(data.reserved) },
    { href: dashboardLink({ status: 'went-home' }), text: salesText.overview.wentHome(data.wentHome) },
    { href: dashboardLink({ status: 'waitlist' }), text: salesText.overview.waitlist(data.waitlist) },
    {
      href: dashboardLink({ status: 'reserved' }),
      text: salesText.overview.deposits(formatDollars(data.depositCents)),
    },
    // Issue 29: only while applications wait for her decision (the line is otherwise as it was).
    ...(data.applied > 0
      ? [{ href: dashboardLink({ status: 'applied' }), text: salesText.overview.applied(data.applied) }]
      : []),
  ];
  return html`<nav className=${styles.overview} aria-label=${salesText.overview.label} data-testid="sales-overview">
    ${parts.map(
      (part, i) =>
        html`<span key=${i}>${i > 0 && html`<span aria-hidden="true"> · </span>`}<a href=${part.href}>${part.text}</a></span>`,
    )}
  </nav>`;
}
