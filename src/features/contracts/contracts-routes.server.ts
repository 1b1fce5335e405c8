import type { Response } from 'express';
import type * as z from 'zod/mini';
import { type AdminRoutes, CHECK_FIELDS, Invalid, NotFound, signedInUser } from '../../server/http/pipeline';
import type { ContractService } from './contract-service.server';
import {
  basedOnInput,
  contractFieldErrors,
  contractMessages,
  draftInput,
  restoreInput,
  signatureInput,
  voidInput,
} from './contracts';

interface ContractRoutesDeps {
  contracts: ContractService;
  /** The family's link email, sent at once when a contract is sent. */
  sendLink: (contractId: string, link: string) => Promise<{ delivered: boolean; answer: string }>;
}

/** The body checked against its schema; a template's fields are named without "template." (400). */
function input<S extends z.ZodMiniType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw new Invalid(CHECK_FIELDS, contractFieldErrors(result.error));
  return result.data;
}

/**
 * Her template and the contracts, for the signed-in administrator (the admin pipeline's routes:
 * session, same-origin rule, refusals and a write the disk refused answered by the one error
 * handler); each change is on disk before its answer:
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
export function contractRoutes(api: AdminRoutes, { contracts, sendLink }: ContractRoutesDeps): void {
  const param = (id: string) => id.slice(0, 100);

  api.get('/contracts/template', (_req, res) => {
    res.json(contracts.templateState());
  });
  api.put('/contracts/template/draft', async (req, res) => {
    const { basedOn, template } = input(draftInput, req.body);
    res.json(await contracts.saveDraft(basedOn, template));
  });
  api.post('/contracts/template/save', async (req, res) => {
    const { basedOn } = input(basedOnInput, req.body);
    res.json(await contracts.saveTemplate(basedOn, signedInUser(res).username));
  });
  api.post('/contracts/template/discard', async (req, res) => {
    res.json(await contracts.discardDraft(input(basedOnInput, req.body).basedOn));
  });
  api.post('/contracts/template/restore', async (req, res) => {
    const { basedOn, revision } = input(restoreInput, req.body);
    res.json(await contracts.restore(basedOn, revision));
  });
  api.get('/contracts/preview/:id', async (req, res) => {
    res.json(await contracts.preview(param(req.params.id)));
  });
  api.get('/inquiries/:id/contracts', (req, res) => {
    res.json({ contracts: contracts.ofInquiry(param(req.params.id)) });
  });
  api.post('/reservations/:id/contract', async (req, res) => {
    const sent = await contracts.send(param(req.params.id), signedInUser(res).username);
    const link = sent.link ?? '';
    const emailed = await sendLink(sent.id, link).catch((error: unknown) => ({
      delivered: false,
      answer: String((error as Error)?.message ?? error),
    }));
    res.status(201).json({ ...sent, emailed: emailed.delivered, emailAnswer: emailed.answer });
  });
  api.post('/contracts/:id/sign', async (req, res) => {
    const signature = input(signatureInput, req.body);
    const signed = await contracts.signAsBreeder(param(req.params.id), signature, {
      ip: req.ip ?? '',
      userAgent: req.get('user-agent') ?? '',
      // The signed-in user's username (an email): the email of her signature.
      email: signedInUser(res).username,
    });
    res.json(signed);
  });
  api.post('/contracts/:id/void', async (req, res) => {
    res.json(await contracts.voidContract(param(req.params.id), input(voidInput, req.body).reason));
  });
  api.get('/contracts/:id/pdf', async (req, res) => {
    const contract = contracts.get(param(req.params.id));
    const pdf = contract && (await contracts.pdf(contract.id));
    if (!contract || !pdf) throw new NotFound(contractMessages.noSuchContract);
    sendPdf(res, pdf, contract.pdf?.sha256 ?? '');
  });
}

/** The stored PDF as it is: a download, never re-made per request. */
export function sendPdf(res: Response, pdf: Buffer, sha256: string): void {
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Disposition', 'attachment; filename="signed-agreement.pdf"');
  res.setHeader('X-Content-SHA256', sha256);
  res.send(pdf);
}
