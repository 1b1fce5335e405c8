import { type Request, type RequestHandler, type Response, Router } from 'express';
import type * as z from 'zod/mini';
import type { ApiError } from '../../shared/api';
import { ContractRefused, type ContractService } from './contract-service.server';
import {
  basedOnInput,
  contractFieldErrors,
  contractMessages,
  draftInput,
  restoreInput,
  signatureInput,
  voidInput,
} from './contracts';
import { SignatureImageRefused } from './signature-image.server';

interface ContractRoutesDeps {
  contracts: ContractService;
  /** 401 unless signed in. (Cross-site writes are refused for all of /api by the app.) */
  requireUser: RequestHandler;
  /** 403 for a read a browser says comes from another site. */
  sameOriginReads: RequestHandler;
  /** The signed-in user's username (an email): "savedBy", and the email of her signature. */
  userOf: (req: Request) => Promise<string>;
  /** The family's link email, sent at once when a contract is sent. */
  sendLink: (contractId: string, link: string) => Promise<{ delivered: boolean; answer: string }>;
}

const INVALID = 'Check the highlighted fields.';

/**
 * Her template and the contracts, for the signed-in administrator; each change is on disk before
 * its answer:
 *   GET  /contracts/template                      { template, basedOn, hasDraft, draftSavedAt, history }
 *   PUT  /contracts/template/draft                { basedOn, template }
 *   POST /contracts/template/save|discard         { basedOn }
 *   POST /contracts/template/restore              { basedOn, revision }
 *   GET  /contracts/preview/:reservationId        the template filled for that family
 *   GET  /inquiries/:id/contracts                 the family's contracts, newest first
 *   POST /reservations/:id/contract               "Send contract": the contract, with the family's link once
 *   POST /contracts/:id/sign                      { consent, name, method, image?, textHash }: "Sign as breeder"
 *   POST /contracts/:id/void                      { reason }
 *   GET  /contracts/:id/pdf                       the signed PDF
 */
export function contractRoutes({
  contracts,
  requireUser,
  sameOriginReads,
  userOf,
  sendLink,
}: ContractRoutesDeps): Router {
  const router = Router();

  const parse = <S extends z.ZodMiniType>(
    schema: S,
    req: Request,
    res: Response,
  ): z.output<S> | undefined => {
    const parsed = schema.safeParse(req.body ?? {});
    if (parsed.success) return parsed.data;
    res.status(400).json({ message: INVALID, errors: contractFieldErrors(parsed.error) } satisfies ApiError);
    return undefined;
  };

  /** A refusal becomes its 4xx with a message; anything else is the app's 500. */
  const handle =
    (work: (req: Request, res: Response) => Promise<unknown>): RequestHandler =>
    async (req, res, next) => {
      try {
        await work(req, res);
      } catch (error) {
        if (error instanceof ContractRefused) {
          res
            .status(error.status)
            .json({ message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
        } else if (error instanceof SignatureImageRefused) {
          res.status(400).json({ message: error.message, errors: { signature: error.message } });
        } else next(error);
      }
    };

  const param = (req: Request) => String(req.params.id).slice(0, 100);

  router.get(
    '/contracts/template',
    sameOriginReads,
    requireUser,
    handle(async (_req, res) => res.json(contracts.templateState())),
  );
  router.put(
    '/contracts/template/draft',
    requireUser,
    handle(async (req, res) => {
      const input = parse(draftInput, req, res);
      if (input) res.json(await contracts.saveDraft(input.basedOn, input.template));
    }),
  );
  router.post(
    '/contracts/template/save',
    requireUser,
    handle(async (req, res) => {
      const input = parse(basedOnInput, req, res);
      if (input) res.json(await contracts.saveTemplate(input.basedOn, await userOf(req)));
    }),
  );
  router.post(
    '/contracts/template/discard',
    requireUser,
    handle(async (req, res) => {
      const input = parse(basedOnInput, req, res);
      if (input) res.json(await contracts.discardDraft(input.basedOn));
    }),
  );
  router.post(
    '/contracts/template/restore',
    requireUser,
    handle(async (req, res) => {
      const input = parse(restoreInput, req, res);
      if (input) res.json(await contracts.restore(input.basedOn, input.revision));
    }),
  );
  router.get(
    '/contracts/preview/:id',
    sameOriginReads,
    requireUser,
    handle(async (req, res) => res.json(await contracts.preview(param(req)))),
  );
  router.get(
    '/inquiries/:id/contracts',
    sameOriginReads,
    requireUser,
    handle(async (req, res) => res.json({ contracts: contracts.ofInquiry(param(req)) })),
  );
  router.post(
    '/reservations/:id/contract',
    requireUser,
    handle(async (req, res) => {
      const sent = await contracts.send(param(req), await userOf(req));
      const link = sent.link ?? '';
      const emailed = await sendLink(sent.id, link).catch((error: unknown) => ({
        delivered: false,
        answer: String((error as Error)?.message ?? error),
      }));
      res.status(201).json({ ...sent, emailed: emailed.delivered, emailAnswer: emailed.answer });
    }),
  );
  router.post(
    '/contracts/:id/sign',
    requireUser,
    handle(async (req, res) => {
      const input = parse(signatureInput, req, res);
      if (!input) return;
      const signed = await contracts.signAsBreeder(param(req), input, {
        ip: req.ip ?? '',
        userAgent: req.get('user-agent') ?? '',
        email: await userOf(req),
      });
      res.json(signed);
    }),
  );
  router.post(
    '/contracts/:id/void',
    requireUser,
    handle(async (req, res) => {
      const input = parse(voidInput, req, res);
      if (input) res.json(await contracts.voidContract(param(req), input.reason));
    }),
  );
  router.get(
    '/contracts/:id/pdf',
    sameOriginReads,
    requireUser,
    handle(async (req, res) => {
      const contract = contracts.get(param(req));
      const pdf = contract && (await contracts.pdf(contract.id));
      if (!contract || !pdf) {
        res.status(404).json({ message: contractMessages.noSuchContract } satisfies ApiError);
        return;
      }
      sendPdf(res, pdf, contract.pdf?.sha256 ?? '');
    }),
  );
  return router;
}

/** The stored PDF as it is: a download, never re-made per request. */
export function sendPdf(res: Response, pdf: Buffer, sha256: string): void {
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Disposition', 'attachment; filename="signed-agreement.pdf"');
  res.setHeader('X-Content-SHA256', sha256);
  res.send(pdf);
}
