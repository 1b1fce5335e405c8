import type { VisitPeriod } from '../visits';

/** Every text of the Visits page (/admin/visits) and its dashboard card. */
export const visitsText = {
  title: 'Visits',
  intro: 'Where your visitors come from, and which of them send inquiries. Counted without cookies.',
  open: 'View visits',
  openIntro: 'Visitors, sources and campaigns, and the inquiries they bring.',
  breadcrumb: 'Breadcrumb',
  home: 'Home',
  admin: 'Admin',
  period: 'Period',
  periods: {
    today: 'Today',
    '7d': 'Last 7 days',
    '30d': 'Last 30 days',
    '12m': 'Last 12 months',
  } satisfies Record<VisitPeriod, string>,
  before: {
    today: 'yesterday',
    '7d': 'the 7 days before',
    '30d': 'the 30 days before',
    '12m': 'the 12 months before',
  } satisfies Record<VisitPeriod, string>,
  visitors: 'Visitors',
  views: 'Page views',
  inquiries: 'Inquiries',
  conversion: 'Conversion rate',
  chartTitle: (period: VisitPeriod) =>
    period === '12m' ? 'Visitors and inquiries per month' : 'Visitors and inquiries per day',
  date: (period: VisitPeriod) => (period === '12m' ? 'Month' : 'Day'),
  topSources: 'Top sources',
  topCampaigns: 'Top campaigns',
  source: 'Source',
  campaign: 'Campaign',
  noSources: 'No visits counted in this period yet.',
  noCampaigns: 'No visits with a campaign tag (utm_campaign) in this period.',
  loading: 'Loading visits',
  loadError: 'Could not load the visits',
  noChange: 'no change',
  /** "+25% vs. the 7 days before (32)" */
  change: (change: string, before: string, previous: string) => `${change} vs. ${before} (${previous})`,
} as const;
