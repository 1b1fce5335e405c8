import { type Request, type RequestHandler, type Response, Router } from 'express';
import type * as z from 'zod/mini';
import type { ApiError } from '../../shared/api';
import {
  type InquirySaleAnswer,
  noteInput,
  salesFieldErrors,
  salesMessages,
  statusInput,
} from '../../shared/sales';
import type { Store } from '../../storage/store';
import type { SalesService } from './sales-service';

interface SalesRoutesDeps {
  store: Pick<Store, 'hasInquiry' | 'listInquiries'>;
  sales: Pick<SalesService, 'setStatus' | 'addNote' | 'saleOf'>;
  /** 401 unless signed in. (Cross-site writes are refused for all of /api by the app.) */
  requireUser: RequestHandler;
}

const INVALID = 'Check the highlighted fields.';

/**
 * The sales changes on one inquiry, for the signed-in administrator; each answers the inquiry's
 * sale as it now stands ({@link InquirySaleAnswer}), once it is on disk:
 *   POST /inquiries/:id/status   { status }
 *   POST /inquiries/:id/notes    { text }
 */
export function salesRoutes({ store, sales, requireUser }: SalesRoutesDeps): Router {
  const router = Router();

  const parse = <S extends z.ZodMiniType>(
    schema: S,
    req: Request,
    res: Response,
  ): z.output<S> | undefined => {
    const parsed = schema.safeParse(req.body ?? {});
    if (parsed.success) return parsed.data;
    res.status(400).json({ message: INVALID, errors: salesFieldErrors(parsed.error) } satisfies ApiError);
    return undefined;
  };

  /** The inquiry the path names, or a 404 answered. */
  const inquiryId = (req: Request, res: Response): string | undefined => {
    const id = String(req.params.id);
    if (id.length <= 100 && store.hasInquiry(id)) return id;
    res.status(404).json({ message: salesMessages.noSuchInquiry } satisfies ApiError);
    return undefined;
  };

  const answer = async (res: Response, id: string) => {
    const inquiry = (await store.listInquiries()).find((item) => item.id === id);
    if (!inquiry) return res.status(404).json({ message: salesMessages.noSuchInquiry });
    res.json({ id, ...sales.saleOf(inquiry) } satisfies InquirySaleAnswer);
  };

  router.post('/inquiries/:id/status', requireUser, async (req, res) => {
    const id = inquiryId(req, res);
    const input = id && parse(statusInput, req, res);
    if (!id || !input) return;
    await sales.setStatus(id, input.status);
    await answer(res, id);
  });

  router.post('/inquiries/:id/notes', requireUser, async (req, res) => {
    const id = inquiryId(req, res);
    const input = id && parse(noteInput, req, res);
    if (!id || !input) return;
    await sales.addNote(id, input.text);
    await answer(res, id);
  });

  return router;
}
