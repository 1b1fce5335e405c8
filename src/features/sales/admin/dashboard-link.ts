import { paths } from '../../../shared/routes';
import type { InquiryStatus } from '../../../shared/sales';

/** `/admin?status=…&q=…`: the dashboard's inbox opened with this filter and search. */
export function dashboardLink(filters: { status?: InquiryStatus; q?: string }): string {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.q) params.set('q', filters.q);
  const text = params.toString();
  return text ? `${paths.admin}?${text}` : paths.admin;
}
