import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { DayCounts } from '../../storage/visit-counts';
import { visitsReport } from './report.server';

const day = (
  visitors: number,
  sources: DayCounts['sources'] = {},
  campaigns: DayCounts['campaigns'] = {},
): DayCounts => ({
  views: visitors * 2,
  visitors,
  phoneViews: 0,
  sources,
  mediums: {},
  campaigns,
});

const days = new Map<string, DayCounts>([
  ['2025-12-15', day(100)],
  ['2026-10-31', day(7)],
  ['2026-11-19', day(9, { Direct: [18, 9] })],
  ['2026-11-20', day(10, { 'facebook.com': [20, 10] }, { 'spring-litter': [20, 10] })],
  ['2026-11-25', day(4, { Direct: [8, 4] })],
  [
    '2026-11-26',
    day(
      40,
      { flyer: [60, 30], 'facebook.com': [20, 10] },
      { 'spring-flyer': [60, 30], 'spring-litter': [20, 10] },
    ),
  ],
]);
const inquiries = [
  { day: '2026-11-26', source: { source: 'flyer', campaign: 'spring-flyer' } },
  { day: '2026-11-26', source: { source: 'flyer', campaign: 'spring-flyer' } },
  { day: '2026-11-26', source: { referrer: 'facebook.com', campaign: 'spring-litter' } },
  { day: '2026-11-20', source: {} },
  { day: '2026-11-19', source: undefined },
];

describe('the Visits report', () => {
  test('today against yesterday, with top sources and campaigns and their conversion', () => {
    const report = visitsReport(days, inquiries, 'today', '2026-11-26');
    assert.deepEqual([report.from, report.to], ['2026-11-26', '2026-11-26']);
    assert.deepEqual(report.current, { visitors: 40, views: 80, inquiries: 3, conversion: 3 / 40 });
    assert.deepEqual(report.previous, { visitors: 4, views: 8, inquiries: 0, conversion: 0 });
    assert.deepEqual(report.sources, [
      { name: 'flyer', visitors: 30, inquiries: 2, conversion: 2 / 30 },
      { name: 'facebook.com', visitors: 10, inquiries: 1, conversion: 0.1 },
    ]);
    assert.deepEqual(report.campaigns[0], {
      name: 'spring-flyer',
      visitors: 30,
      inquiries: 2,
      conversion: 2 / 30,
    });
    assert.deepEqual(report.series, [{ date: '2026-11-26', visitors: 40, inquiries: 3 }]);
  });

  test('7 days: one point a day, today included; the 7 days before are the comparison', () => {
    const report = visitsReport(days, inquiries, '7d', '2026-11-26');
    assert.deepEqual([report.from, report.to], ['2026-11-20', '2026-11-26']);
    assert.equal(report.series.length, 7);
    assert.deepEqual(report.series[0], { date: '2026-11-20', visitors: 10, inquiries: 1 });
    assert.deepEqual(report.current, { visitors: 54, views: 108, inquiries: 4, conversion: 4 / 54 });
    // Nov 13–19: the inquiry whose source was not recorded still counts in the totals.
    assert.deepEqual(report.previous, { visitors: 9, views: 18, inquiries: 1, conversion: 1 / 9 });
    assert.deepEqual(
      report.sources.map((row) => [row.name, row.visitors, row.inquiries]),
      [
        ['flyer', 30, 2],
        ['facebook.com', 20, 1],
        ['Direct', 4, 1],
      ],
    );
  });

  test('12 months: one point a month, this month last; the 12 months before for comparison', () => {
    const report = visitsReport(days, inquiries, '12m', '2026-11-26');
    assert.deepEqual([report.from, report.to], ['2025-12-01', '2026-11-30']);
    assert.deepEqual(
      report.series.map((point) => point.date),
      [
        '2025-12',
        '2026-01',
        '2026-02',
        '2026-03',
        '2026-04',
        '2026-05',
        '2026-06',
        '2026-07',
        '2026-08',
        '2026-09',
        '2026-10',
        '2026-11',
      ],
    );
    assert.deepEqual(report.series[0], { date: '2025-12', visitors: 100, inquiries: 0 });
    assert.deepEqual(report.series[11], { date: '2026-11', visitors: 63, inquiries: 5 });
    assert.deepEqual(report.previous, { visitors: 0, views: 0, inquiries: 0, conversion: null });
    const month = visitsReport(days, inquiries, '30d', '2026-11-26');
    assert.deepEqual([month.from, month.previous.visitors], ['2026-10-28', 0]);
    assert.equal(month.current.visitors, 70);
  });
});
