import { sourceName, type VisitSource } from '../../shared/visit-source';
import type { DayCounts } from '../../storage/visit-counts';
import {
  type NamedTotals,
  type PeriodTotals,
  type SeriesPoint,
  TOP_ROWS,
  type VisitPeriod,
  type VisitsReport,
} from './visits';

/** An inquiry as the report needs it: its day (in the site's zone) and where it came from. */
export interface InquiryDay {
  day: string;
  /** Undefined when not recorded (inquiries from before issue 22). */
  source: VisitSource | undefined;
}

const DAY_MS = 86_400_000;
const toDate = (day: string) => new Date(`${day}T00:00:00Z`);
const toKey = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (day: string, n: number) => toKey(new Date(toDate(day).getTime() + n * DAY_MS));
const addMonths = (month: string, n: number) => {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return toKey(new Date(Date.UTC(year, m - 1 + n, 1))).slice(0, 7);
};

interface Range {
  from: string;
  to: string;
  /** The chart's buckets: days, or months ("YYYY-MM") for 12 months. */
  buckets: string[];
  bucketOf: (day: string) => string;
}

const DAYS: Record<Exclude<VisitPeriod, '12m'>, number> = { today: 1, '7d': 7, '30d': 30 };

/** The period ending today (`back` = 0) or the one before it (`back` = 1). */
function rangeOf(period: VisitPeriod, today: string, back: 0 | 1): Range {
  if (period === '12m') {
    const last = addMonths(today.slice(0, 7), -12 * back);
    const buckets = Array.from({ length: 12 }, (_, i) => addMonths(last, i - 11));
    const first = buckets[0] as string;
    return {
      from: `${first}-01`,
      to: addDays(`${addMonths(last, 1)}-01`, -1),
      buckets,
      bucketOf: (day) => day.slice(0, 7),
    };
  }
  const length = DAYS[period];
  const to = addDays(today, -length * back);
  const buckets = Array.from({ length }, (_, i) => addDays(to, i - length + 1));
  return { from: buckets[0] as string, to, buckets, bucketOf: (day) => day };
}

const inRange = (day: string, range: Range) => day >= range.from && day <= range.to;
const conversion = (inquiries: number, visitors: number) => (visitors > 0 ? inquiries / visitors : null);

function totals(days: ReadonlyMap<string, DayCounts>, inquiries: InquiryDay[], range: Range): PeriodTotals {
  let visitors = 0;
  let views = 0;
  for (const [day, counts] of days) {
    if (!inRange(day, range)) continue;
    visitors += counts.visitors;
    views += counts.views;
  }
  const sent = inquiries.filter((inquiry) => inRange(inquiry.day, range)).length;
  return { visitors, views, inquiries: sent, conversion: conversion(sent, visitors) };
}

function top(
  days: ReadonlyMap<string, DayCounts>,
  inquiries: InquiryDay[],
  range: Range,
  kind: 'sources' | 'campaigns',
  nameOf: (source: VisitSource) => string | undefined,
): NamedTotals[] {
  const rows = new Map<string, { visitors: number; inquiries: number }>();
  const row = (name: string) => {
    let found = rows.get(name);
    if (!found) {
      found = { visitors: 0, inquiries: 0 };
      rows.set(name, found);
    }
    return found;
  };
  for (const [day, counts] of days) {
    if (!inRange(day, range)) continue;
    for (const [name, [, visitors]] of Object.entries(counts[kind])) row(name).visitors += visitors;
  }
  for (const inquiry of inquiries) {
    if (!inquiry.source || !inRange(inquiry.day, range)) continue;
    const name = nameOf(inquiry.source);
    if (name) row(name).inquiries += 1;
  }
  return [...rows]
    .map(([name, { visitors, inquiries: sent }]) => ({
      name,
      visitors,
      inquiries: sent,
      conversion: conversion(sent, visitors),
    }))
    .sort((a, b) => b.visitors - a.visitors || b.inquiries - a.inquiries || a.name.localeCompare(b.name))
    .slice(0, TOP_ROWS);
}

/**
 * The Visits page's numbers for a period ending `today`: totals against the period before, the
 * chart's points and the top sources and campaigns. Inquiries count by the day they were sent;
 * per source and campaign, by where their visit came from (decision 111).
 */
export function visitsReport(
  days: ReadonlyMap<string, DayCounts>,
  inquiries: InquiryDay[],
  period: VisitPeriod,
  today: string,
): VisitsReport {
  const range = rangeOf(period, today, 0);
  const series = new Map<string, SeriesPoint>(
    range.buckets.map((date) => [date, { date, visitors: 0, inquiries: 0 }]),
  );
  for (const [day, counts] of days) {
    const point = inRange(day, range) ? series.get(range.bucketOf(day)) : undefined;
    if (point) point.visitors += counts.visitors;
  }
  for (const inquiry of inquiries) {
    const point = inRange(inquiry.day, range) ? series.get(range.bucketOf(inquiry.day)) : undefined;
    if (point) point.inquiries += 1;
  }
  return {
    period,
    from: range.from,
    to: range.to,
    current: totals(days, inquiries, range),
    previous: totals(days, inquiries, rangeOf(period, today, 1)),
    series: [...series.values()],
    sources: top(days, inquiries, range, 'sources', sourceName),
    campaigns: top(days, inquiries, range, 'campaigns', (source) => source.campaign),
  };
}
