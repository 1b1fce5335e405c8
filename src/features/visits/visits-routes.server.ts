import { type AdminRoutes, Invalid } from '../../server/http/pipeline';
import type { Inquiry } from '../../shared/api';
import type { InquirySources } from '../../storage/inquiry-sources';
import type { Records } from '../../storage/records';
import type { VisitCounts } from '../../storage/visit-counts';
import type { VisitCounter } from './counter.server';
import { type InquiryDay, visitsReport } from './report.server';
import { isVisitPeriod, visitPeriods, visitsApi } from './visits';

interface VisitsApiOptions {
  counts: Pick<VisitCounts, 'all'>;
  counter: Pick<VisitCounter, 'dayKey'>;
  store: Pick<Records, 'listInquiries'>;
  sources: Pick<InquirySources, 'get'>;
}

const BAD_PERIOD = `period must be one of ${visitPeriods.join(', ')}.`;

/** GET /api/visits?period=today|7d|30d|12m: the Visits page's numbers (admin only). */
export function visitsRoutes(api: AdminRoutes, options: VisitsApiOptions): void {
  // Each inquiry's day in the site's zone, computed once per stored inquiry object.
  const days = new WeakMap<Inquiry, string>();
  const dayOf = (inquiry: Inquiry) => {
    let day = days.get(inquiry);
    if (day === undefined) {
      day = options.counter.dayKey(new Date(inquiry.createdAt));
      days.set(inquiry, day);
    }
    return day;
  };
  api.get(visitsApi.report.replace(/^\/api/, ''), async (req, res) => {
    const period = req.query.period ?? '7d';
    if (!isVisitPeriod(period)) throw new Invalid(BAD_PERIOD);
    const inquiries: InquiryDay[] = (await options.store.listInquiries()).map((inquiry) => ({
      day: dayOf(inquiry),
      source: options.sources.get(inquiry.id),
    }));
    res.json(visitsReport(options.counts.all(), inquiries, period, options.counter.dayKey()));
  });
}
