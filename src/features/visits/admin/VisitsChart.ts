import { html } from 'htm/react';
import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import { tokens } from '../../../shared/tokens';
import type { SeriesPoint } from '../visits';
import * as styles from './visits.css';
import { visitsText } from './visits-text';

const HEIGHT = 240;
/** The narrowest the canvas is drawn (a 360 px phone's card content is wider). */
const MIN_WIDTH = 260;
export const chartColors = { visitors: tokens.color.gold, inquiries: tokens.color.brown } as const;

const secondsOf = (date: string) =>
  Date.parse(date.length === 7 ? `${date}-01T00:00:00Z` : `${date}T00:00:00Z`) / 1000;

/**
 * Visitors and inquiries per day (or month), drawn by uPlot: about 50 KB, loaded by this
 * component only, so it is a chunk of its own that no other page downloads. Sized to its box and
 * redrawn when the box changes (a phone turned sideways). The canvas is hidden from screen
 * readers: the table beneath says the same in text.
 */
export function VisitsChart({ series }: { series: SeriesPoint[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let chart: uPlot | undefined;
    let observer: ResizeObserver | undefined;
    let cancelled = false;
    void import('uplot').then(({ default: UPlot }) => {
      const element = box.current;
      if (cancelled || !element) return;
      const width = () => Math.max(MIN_WIDTH, element.clientWidth);
      const axis = {
        stroke: tokens.color.muted,
        grid: { stroke: tokens.color.border, width: 1 },
        ticks: { stroke: tokens.color.border, width: 1 },
        font: `12px ${tokens.font.body}`,
      };
      chart = new UPlot(
        {
          width: width(),
          height: HEIGHT,
          // The points are whole days (or months): shown as such, whatever the phone's time zone.
          tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
          legend: { show: false },
          cursor: { drag: { x: false, y: false } },
          scales: { y: { range: (_chart, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] } },
          series: [
            {},
            {
              label: visitsText.visitors,
              stroke: chartColors.visitors,
              fill: 'rgba(163, 90, 12, 0.12)',
              width: 2,
              points: { show: true, size: 5 },
            },
            {
              label: visitsText.inquiries,
              stroke: chartColors.inquiries,
              width: 2,
              points: { show: true, size: 7 },
            },
          ],
          axes: [
            { ...axis, space: 60 },
            { ...axis, size: 44, incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000] },
          ],
        },
        [
          series.map((point) => secondsOf(point.date)),
          series.map((p) => p.visitors),
          series.map((p) => p.inquiries),
        ],
        element,
      );
      observer = new ResizeObserver(() => chart?.setSize({ width: width(), height: HEIGHT }));
      observer.observe(element);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [series]);
  return html`<div ref=${box} className=${styles.chart} aria-hidden="true" data-chart="visits"></div>`;
}
