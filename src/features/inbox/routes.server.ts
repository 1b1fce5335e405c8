import { type RequestHandler, type Response, Router } from 'express';
import type { ApiError } from '../../shared/api';
import type { InquirySources } from '../../storage/inquiry-sources';
import type { Store } from '../../storage/store';
import { csvFileName, inquiriesCsv } from './csv.server';
import type { InquiryRead } from './inbox';
import { type InboxSales, type InboxTriage, inboxPage, matching } from './inbox-query.server';
import { parseInboxParams } from './params.server';
import { warmSearchText } from './search-text.server';

const NO_SUCH_INQUIRY = 'No such inquiry.';

/** What the inbox needs: the stored inquiries and read marks, and the guard of the admin API. */
export interface InboxDeps {
  store: Pick<Store, 'listInquiries' | 'inquiryReads' | 'markInquiryRead'>;
  /** Each inquiry's status, notes and reservation (filtered, searched, exported beside it). */
  sales: InboxSales;
  /** 401 `{ message }` unless an administrator is signed in. */
  requireUser: RequestHandler;
  /** 403 `{ message }` for a request a browser says comes from another site, reads included. */
  sameOriginReads: RequestHandler;
  /** Where each inquiry's visit came from, when recorded. */
  sources: Pick<InquirySources, 'get'>;
  /** What is held back as likely spam, or deleted (issue 32). */
  triage?: InboxTriage;
}

const refuse = (res: Response, status: number, body: ApiError) => res.status(status).json(body);

/**
 * GET /api/inbox (a page of 50, searched, filtered, with counts), GET /api/inbox/export.csv
 * (everything the search and filter match) and POST /api/inquiries/:id/read.
 */
export function inboxRoutes(deps: InboxDeps): Router {
  const router = Router();
  void deps.store.listInquiries().then((inquiries) => warmSearchText(inquiries));
  const guard = [deps.sameOriginReads, deps.requireUser];

  router.get('/inbox', ...guard, async (req, res) => {
    const parsed = parseInboxParams(req.query);
    if (!parsed.ok) return refuse(res, 400, { message: parsed.message, errors: parsed.errors });
    const [inquiries, reads] = await Promise.all([deps.store.listInquiries(), deps.store.inquiryReads()]);
    res.json(
      inboxPage(inquiries, reads, parsed.criteria, (id) => deps.sources.get(id), deps.sales, deps.triage),
    );
  });

  router.get('/inbox/export.csv', ...guard, async (req, res) => {
    const parsed = parseInboxParams(req.query, { allowCursor: false });
    if (!parsed.ok) return refuse(res, 400, { message: parsed.message, errors: parsed.errors });
    const inquiries = await deps.store.listInquiries();
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${csvFileName(new Date())}"`);
    const rows = (function* () {
      for (const { inquiry } of matching(inquiries, parsed.criteria, deps.sales, deps.triage)) yield inquiry;
    })();
    // Written in chunks (compressed on the way): no single string of the whole file is built.
    for (const chunk of inquiriesCsv(rows, undefined, (id) => deps.sources.get(id), deps.sales.saleOf))
      res.write(chunk);
    res.end();
  });

  router.post('/inquiries/:id/read', ...guard, async (req, res) => {
    const id = String(req.params.id);
    const readAt = id.length <= 100 ? await deps.store.markInquiryRead(id) : null;
    if (readAt === null) return refuse(res, 404, { message: NO_SUCH_INQUIRY });
    res.json({ id, readAt } satisfies InquiryRead);
  });

  return router;
}
