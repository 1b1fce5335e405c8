import { useQuery } from '@tanstack/react-query';
import { html } from 'htm/react';
import { useEffect, useState } from 'react';
import { paths } from '../../../shared/routes';
import * as page from '../../../ui/admin/AdminPage.css';
import * as card from '../../../ui/admin/Card.css';
import * as dashboard from '../../../ui/admin/dashboard/Dashboard.css';
import { ErrorAlert } from '../../../ui/admin/ErrorAlert';
import { usePageTitle } from '../../../ui/admin/page-title';
import { RequireUser } from '../../../ui/admin/RequireUser';
import * as buttons from '../../../ui/components/Button.css';
import { Spinner } from '../../../ui/components/Spinner';
import { type NamedTotals, reportUrl, type VisitPeriod, type VisitsReport, visitPeriods } from '../visits';
import { countChange, formatBucket, formatCount, formatRate, rateChange } from './format';
import { chartColors, VisitsChart } from './VisitsChart';
import * as styles from './visits.css';
import { visitsText } from './visits-text';

/** /admin/visits, protected like /admin. */
export function VisitsPage() {
  return html`<${RequireUser} page=${() => html`<${Visits} />`} />`;
}

function Visits() {
  const [period, setPeriod] = useState<VisitPeriod>('7d');
  // Reached in place from the dashboard, whose title would otherwise stay.
  const title = usePageTitle('visits');
  useEffect(() => {
    document.title = title;
  }, [title]);
  // Read fresh each time: the counts move while the page is open.
  const report = useQuery<VisitsReport>({
    queryKey: [reportUrl(period)],
    staleTime: 0,
    refetchOnMount: 'always',
    placeholderData: (previous) => previous,
  });

  let body: unknown;
  if (report.isPending) body = html`<${Spinner} block label=${visitsText.loading} />`;
  else if (report.isError)
    body = html`<${ErrorAlert} title=${visitsText.loadError} message=${report.error.message} />`;
  else body = html`<${Report} report=${report.data} />`;

  return html`<main className=${page.page}>
    <div className=${page.container}>
      <nav aria-label=${visitsText.breadcrumb} className=${dashboard.breadcrumb}>
        <ol className=${dashboard.crumbs}>
          <li><a href=${paths.landing}>${visitsText.home}</a></li>
          <li aria-hidden="true">${'>'}</li>
          <li><a href=${paths.admin}>${visitsText.admin}</a></li>
          <li aria-hidden="true">${'>'}</li>
          <li aria-current="page">${visitsText.title}</li>
        </ol>
      </nav>
      <section className=${card.card} aria-labelledby="visits-title">
        <div className=${card.header}>
          <div>
            <h1 id="visits-title" className=${dashboard.title}>${visitsText.title}</h1>
            <p className=${card.description}>${visitsText.intro}</p>
          </div>
        </div>
        <div className=${card.content}>
          <div role="group" aria-label=${visitsText.period} className=${styles.periods}>
            ${visitPeriods.map((choice) => html`<${PeriodButton} key=${choice} choice=${choice} period=${period} onChoose=${setPeriod} />`)}
          </div>
          ${body}
        </div>
      </section>
    </div>
  </main>`;
}

function PeriodButton({
  choice,
  period,
  onChoose,
}: {
  choice: VisitPeriod;
  period: VisitPeriod;
  onChoose: (period: VisitPeriod) => void;
}) {
  const pressed = choice === period;
  const className = `${buttons.button[pressed ? 'dark' : 'outline']} ${buttons.compact}`;
  return html`<button type="button" aria-pressed=${pressed} className=${className} onClick=${() => onChoose(choice)}>
    ${visitsText.periods[choice]}
  </button>`;
}

function Report({ report }: { report: VisitsReport }) {
  const { period, current, previous } = report;
  return html`
    <h2 className=${styles.sectionTitle}>${visitsText.periods[period]}</h2>
    <dl className=${styles.stats}>
      <${Stat} label=${visitsText.visitors} value=${formatCount(current.visitors)}
        change=${change(countChange(current.visitors, previous.visitors), period, formatCount(previous.visitors))} />
      <${Stat} label=${visitsText.views} value=${formatCount(current.views)}
        change=${change(countChange(current.views, previous.views), period, formatCount(previous.views))} />
      <${Stat} label=${visitsText.inquiries} value=${formatCount(current.inquiries)}
        change=${change(countChange(current.inquiries, previous.inquiries), period, formatCount(previous.inquiries))} />
      <${Stat} label=${visitsText.conversion} value=${formatRate(current.conversion)}
        change=${change(rateChange(current.conversion, previous.conversion), period, formatRate(previous.conversion))} />
    </dl>
    <section className=${styles.section} aria-labelledby="visits-chart-title">
      <h2 id="visits-chart-title" className=${styles.sectionTitle}>${visitsText.chartTitle(period)}</h2>
      <ul className=${styles.legend} aria-hidden="true">
        <li><span className=${styles.marker} style=${{ background: chartColors.visitors }}></span>${visitsText.visitors}</li>
        <li><span className=${styles.marker} style=${{ background: chartColors.inquiries }}></span>${visitsText.inquiries}</li>
      </ul>
      <${VisitsChart} series=${report.series} />
      <div className=${styles.scroller} tabIndex=${0} role="region" aria-labelledby="visits-series-caption">
        <table className=${styles.table}>
          <caption id="visits-series-caption" className=${styles.caption}>${visitsText.chartTitle(period)}</caption>
          <thead><tr>
            <th scope="col">${visitsText.date(period)}</th>
            <th scope="col">${visitsText.visitors}</th>
            <th scope="col">${visitsText.inquiries}</th>
          </tr></thead>
          <tbody>
            ${[...report.series].reverse().map(
              (point) => html`<tr key=${point.date}>
                <th scope="row">${formatBucket(point.date)}</th>
                <td>${formatCount(point.visitors)}</td>
                <td>${formatCount(point.inquiries)}</td>
              </tr>`,
            )}
          </tbody>
        </table>
      </div>
    </section>
    <${TopTable} id="visits-sources" title=${visitsText.topSources} nameColumn=${visitsText.source}
      rows=${report.sources} empty=${visitsText.noSources} />
    <${TopTable} id="visits-campaigns" title=${visitsText.topCampaigns} nameColumn=${visitsText.campaign}
      rows=${report.campaigns} empty=${visitsText.noCampaigns} />`;
}

/** "+25% vs. the 7 days before (32)", or "no change". */
function change(difference: string | null, period: VisitPeriod, previous: string): string {
  return difference
    ? visitsText.change(difference, visitsText.before[period], previous)
    : visitsText.noChange;
}

function Stat({ label, value, change: text }: { label: string; value: string; change: string }) {
  return html`<div className=${styles.stat}>
    <dt className=${styles.statLabel}>${label}</dt>
    <dd className=${styles.statValue}>${value}</dd>
    <dd className=${styles.statChange}>${text}</dd>
  </div>`;
}

interface TopTableProps {
  id: string;
  title: string;
  nameColumn: string;
  rows: NamedTotals[];
  empty: string;
}

function TopTable({ id, title, nameColumn, rows, empty }: TopTableProps) {
  return html`<section className=${styles.section} aria-labelledby=${`${id}-title`}>
    <h2 id=${`${id}-title`} className=${styles.sectionTitle}>${title}</h2>
    ${
      rows.length === 0
        ? html`<p className=${styles.empty}>${empty}</p>`
        : html`<div className=${styles.wide} tabIndex=${0} role="region" aria-labelledby=${`${id}-title`}>
        <table className=${styles.table} aria-labelledby=${`${id}-title`}>
          <thead><tr>
            <th scope="col">${nameColumn}</th>
            <th scope="col">${visitsText.visitors}</th>
            <th scope="col">${visitsText.inquiries}</th>
            <th scope="col">${visitsText.conversion}</th>
          </tr></thead>
          <tbody>
            ${rows.map(
              (row) => html`<tr key=${row.name}>
                <th scope="row">${row.name}</th>
                <td>${formatCount(row.visitors)}</td>
                <td>${formatCount(row.inquiries)}</td>
                <td>${formatRate(row.conversion)}</td>
              </tr>`,
            )}
          </tbody>
        </table>
        </div>`
    }
  </section>`;
}
