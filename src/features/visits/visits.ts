/** The visit counts' API: the beacon the landing page sends, and the Visits page's report. */
export const visitsApi = {
  beacon: '/api/visit',
  report: '/api/visits',
} as const;

/** The periods of the Visits page: today, the last 7 and 30 days (today included), the last 12 months. */
export const visitPeriods = ['today', '7d', '30d', '12m'] as const;
export type VisitPeriod = (typeof visitPeriods)[number];

export const isVisitPeriod = (value: unknown): value is VisitPeriod =>
  (visitPeriods as readonly unknown[]).includes(value);

export const reportUrl = (period: VisitPeriod) => `${visitsApi.report}?period=${period}`;

export interface PeriodTotals {
  /** Unique visitors: the sum of each day's (a visitor is not recognised from one day to the next). */
  visitors: number;
  views: number;
  inquiries: number;
  /** inquiries ÷ visitors, or null with no visitors. */
  conversion: number | null;
}

/** A row of "Top sources" or "Top campaigns". */
export interface NamedTotals {
  name: string;
  visitors: number;
  inquiries: number;
  conversion: number | null;
}

/** One day ("YYYY-MM-DD") or month ("YYYY-MM") of the chart. */
export interface SeriesPoint {
  date: string;
  visitors: number;
  inquiries: number;
}

/** GET /api/visits?period=… answers this. */
export interface VisitsReport {
  period: VisitPeriod;
  /** First and last day of the period ("YYYY-MM-DD", in the site's time zone). */
  from: string;
  to: string;
  current: PeriodTotals;
  /** The period of the same length just before. */
  previous: PeriodTotals;
  /** Per day, or per month for 12 months; oldest first. */
  series: SeriesPoint[];
  /** Most visitors first, at most TOP_ROWS. */
  sources: NamedTotals[];
  campaigns: NamedTotals[];
}

export const TOP_ROWS = 10;
