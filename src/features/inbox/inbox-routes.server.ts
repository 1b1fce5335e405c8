import { type AdminRoutes, Invalid, NotFound } from '../../server/http/pipeline';
import type { InquirySources } from '../../storage/inquiry-sources';
import type { Records } from '../../storage/records';
import { csvFileName, inquiriesCsv } from './csv.server';
import type { InquiryRead } from './inbox';
import { type InboxSales, type InboxTriage, inboxPage, matching } from './inbox-query.server';
import { parseInboxParams } from './params.server';
import { warmSearchText } from './search-text.server';

const NO_SUCH_INQUIRY = 'No such inquiry.';

/** What the inbox needs: the stored inquiries and read marks, each inquiry's sale and source. */
export interface InboxDeps {
  store: Pick<Records, 'listInquiries' | 'inquiryReads' | 'markInquiryRead'>;
  /** Each inquiry's status, notes and reservation (filtered, searched, exported beside it). */
  sales: InboxSales;
  /** Where each inquiry's visit came from, when recorded. */
  sources: Pick<InquirySources, 'get'>;
  /** What is held back as likely spam, or deleted (issue 32). */
  triage?: InboxTriage;
  /** An application's CSV cell: its questions as asked and the answers (issue 29); "" for none. */
  applicationText?: (id: string) => string;
}

/**
 * GET /api/inbox (a page of 50, searched, filtered, with counts), GET /api/inbox/export.csv
 * (everything the search and filter match) and POST /api/inquiries/:id/read.
 */
export function inboxRoutes(api: AdminRoutes, deps: InboxDeps): void {
  void deps.store.listInquiries().then((inquiries) => warmSearchText(inquiries));

  api.get('/inbox', async (req, res) => {
    const parsed = parseInboxParams(req.query);
    if (!parsed.ok) throw new Invalid(parsed.message, parsed.errors);
    const [inquiries, reads] = await Promise.all([deps.store.listInquiries(), deps.store.inquiryReads()]);
    res.json(
      inboxPage(inquiries, reads, parsed.criteria, (id) => deps.sources.get(id), deps.sales, deps.triage),
    );
  });

  api.get('/inbox/export.csv', async (req, res) => {
    const parsed = parseInboxParams(req.query, { allowCursor: false });
    if (!parsed.ok) throw new Invalid(parsed.message, parsed.errors);
    const inquiries = await deps.store.listInquiries();
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${csvFileName(new Date())}"`);
    const rows = (function* () {
      for (const { inquiry } of matching(inquiries, parsed.criteria, deps.sales, deps.triage)) yield inquiry;
    })();
    // Written in chunks (compressed on the way): no single string of the whole file is built.
    for (const chunk of inquiriesCsv(
      rows,
      undefined,
      (id) => deps.sources.get(id),
      deps.sales.saleOf,
      deps.applicationText,
    ))
      res.write(chunk);
    res.end();
  });

  api.post('/inquiries/:id/read', async (req, res) => {
    const { id } = req.params;
    const readAt = id.length <= 100 ? await deps.store.markInquiryRead(id) : null;
    if (readAt === null) throw new NotFound(NO_SUCH_INQUIRY);
    res.json({ id, readAt } satisfies InquiryRead);
  });
}
