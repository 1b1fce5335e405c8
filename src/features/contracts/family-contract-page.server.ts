import express, { type Request, type Response, Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import { clientKey } from '../../server/http/client-key';
import { escapeHtml } from '../../server/pages/html';
import { commonHead } from '../../server/pages/seo';
import type { ContractRecord } from '../../storage/contracts-schema';
import { ContractRefused, type ContractService, statusOf } from './contract-service.server';
import {
  type ContractStatus,
  contractFieldErrors,
  contractMessages,
  contractPaths,
  contractStatusLabels,
  contractText,
  signatureInput,
} from './contracts';
import { sendPdf } from './contracts-routes.server';
import { printedTimes } from './pdf.server';
import { SignatureImageRefused } from './signature-image.server';

/**
 * How the family's signing page finds its contract from the link it was opened with: the
 * contract's own link (a random 256-bit token kept only as its SHA-256: `ContractService.byToken`,
 * emailed by "Send contract"), or the family page's link (issue 28), which opens the family's
 * newest contract; the family page shows "Read and sign" linking here (src/server/app.ts).
 * @public
 */
export interface FamilyContractAccess {
  contractFor(token: string): ContractRecord | undefined;
}

interface FamilyPageDeps {
  contracts: Pick<ContractService, 'signAsFamily' | 'pdf'>;
  access: FamilyContractAccess;
  /** The page's own script and stylesheet (the signature pad), from the build's manifest. */
  assets: { script: string; styles: string[] };
  kennel: () => string;
  timeZone: string;
  /** After the family signed: her email is owed (the mailer sends it). */
  onSigned?: () => void;
}

/**
 * Per client: a family opens, signs and downloads a handful of times; a client guessing links or
 * posting signatures to decode gets 429 after this many a minute.
 */
const REQUESTS_PER_MINUTE = 60;

/** The form's body: the drawn signature is a PNG data URL of at most 200 KB (signature-image.server.ts). */
const FORM_LIMIT = '300kb';

interface FormState {
  values?: { name?: string; consent?: boolean; method?: string };
  errors?: Record<string, string>;
  message?: string;
  signed?: boolean;
}

/**
 * The family's signing page, `/contract/{token}`: the whole agreement, the consent box, their
 * name, the signature (typed without scripts; drawn with a finger or the mouse with them), "Sign".
 * Private: noindex, no referrer, never cached. A token that opens nothing gets the same answer as
 * one never made: a page saying the link is not active, with none of anyone's data.
 */
export function familyContractPage(deps: FamilyPageDeps): Router {
  const router = Router();
  const form = express.urlencoded({ extended: false, limit: FORM_LIMIT, parameterLimit: 10 });
  router.use(
    '/contract',
    rateLimit({
      limit: REQUESTS_PER_MINUTE,
      windowMs: 60_000,
      keyGenerator: clientKey,
      identifier: 'contract-pages',
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      handler: (_req, res) => {
        res
          .status(429)
          .type('text')
          .send('Too many requests for this page. Please wait a minute and try again.');
      },
    }),
  );

  const privateHeaders = (res: Response) => {
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('X-Robots-Tag', 'noindex, nofollow');
    res.setHeader('Cache-Control', 'private, no-store');
  };

  const notActive = (res: Response) => {
    privateHeaders(res);
    res
      .status(404)
      .type('html')
      .send(
        documentOf(
          deps,
          'Link not active',
          `<h1>Link not active</h1><p>${escapeHtml(contractMessages.linkNotActive)}</p>`,
        ),
      );
  };

  const render = (res: Response, token: string, contract: ContractRecord, state: FormState, status = 200) => {
    privateHeaders(res);
    res
      .status(status)
      .type('html')
      .send(documentOf(deps, contract.title, pageBody(deps, token, contract, state)));
  };

  router.get('/contract/:token', (req, res) => {
    const token = String(req.params.token);
    const contract = deps.access.contractFor(token);
    if (!contract) return notActive(res);
    render(res, token, contract, { signed: req.query.signed === '1' });
  });

  router.get('/contract/:token/agreement.pdf', async (req, res, next) => {
    try {
      const contract = deps.access.contractFor(String(req.params.token));
      const pdf = contract?.pdf && (await deps.contracts.pdf(contract.id));
      if (!contract?.pdf || !pdf) return notActive(res);
      privateHeaders(res);
      sendPdf(res, pdf, contract.pdf.sha256);
    } catch (error) {
      next(error);
    }
  });

  router.post('/contract/:token/sign', form, async (req: Request, res: Response, next) => {
    const token = String(req.params.token);
    const contract = deps.access.contractFor(token);
    if (!contract) return notActive(res);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const text = (key: string) => (typeof body[key] === 'string' ? (body[key] as string) : undefined);
    const values = {
      name: text('name') ?? '',
      consent: text('consent') === 'yes',
      method: text('method') ?? 'typed',
    };
    const parsed = signatureInput.safeParse({
      consent: values.consent,
      name: values.name,
      method: values.method,
      ...(text('image') ? { image: text('image') } : {}),
      textHash: text('textHash') ?? '',
    });
    if (!parsed.success) {
      const errors = contractFieldErrors(parsed.error);
      const message = errors.textHash ?? 'Check the highlighted fields.';
      return render(res, token, contract, { values, errors, message }, errors.textHash ? 409 : 400);
    }
    try {
      await deps.contracts.signAsFamily(contract.id, parsed.data, {
        ip: req.ip ?? '',
        userAgent: req.get('user-agent') ?? '',
        email: contract.sentTo,
      });
      deps.onSigned?.();
      res.redirect(303, `${contractPaths.page(token)}?signed=1`);
    } catch (error) {
      const now = deps.access.contractFor(token) ?? contract;
      if (error instanceof ContractRefused)
        return render(
          res,
          token,
          now,
          { values, message: error.message, ...(error.errors ? { errors: error.errors } : {}) },
          error.status,
        );
      if (error instanceof SignatureImageRefused)
        return render(
          res,
          token,
          now,
          { values, message: error.message, errors: { signature: error.message } },
          400,
        );
      next(error);
    }
  });
  return router;
}

function documentOf(deps: FamilyPageDeps, title: string, body: string): string {
  return [
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex, nofollow"><meta name="referrer" content="no-referrer">',
    `<title>${escapeHtml(`${title} | ${deps.kennel()}`)}</title>`,
    commonHead,
    ...deps.assets.styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    deps.assets.script ? `<script type="module" src="${escapeHtml(deps.assets.script)}"></script>` : '',
    '</head><body class="contract-page"><main class="contract-main">',
    body,
    '</main></body></html>',
  ].join('');
}

const statusClass: Record<ContractStatus, string> = {
  sent: 'status-sent',
  'family-signed': 'status-signed',
  signed: 'status-signed',
  void: 'status-void',
};

function pageBody(deps: FamilyPageDeps, token: string, contract: ContractRecord, state: FormState): string {
  const status = statusOf(contract);
  const parts: string[] = [];
  parts.push(`<p class="contract-kennel">${escapeHtml(deps.kennel())}</p>`);
  parts.push(`<h1>${escapeHtml(contract.title)}</h1>`);
  parts.push(
    `<p>Status: <strong class="contract-status ${statusClass[status]}">${escapeHtml(contractStatusLabels[status])}</strong></p>`,
  );
  if (state.signed && contract.family)
    parts.push(
      '<p class="contract-notice" role="status">Thank you: you signed the agreement. You will get the signed PDF by email once the breeder has signed too.</p>',
    );
  if (state.message)
    parts.push(`<p class="contract-error" role="alert" id="form-error">${escapeHtml(state.message)}</p>`);
  if (contract.voidedAt)
    parts.push(
      `<p class="contract-error" role="status">This contract was voided${contract.voidReason ? `: ${escapeHtml(contract.voidReason)}` : '.'}</p>`,
    );
  parts.push(
    `<section aria-labelledby="agreement-heading"><h2 id="agreement-heading" class="visually-hidden">The agreement</h2><div class="agreement-text">${escapeHtml(contract.text)}</div></section>`,
  );
  parts.push(
    `<p class="contract-hash">SHA-256 of this agreement’s text: <code>${escapeHtml(contract.textHash)}</code></p>`,
  );
  const signedLine = (who: string, signature: ContractRecord['family']) =>
    signature
      ? `<p>${who}: ${escapeHtml(signature.name)}, ${escapeHtml(printedTimes(signature.signedAt, deps.timeZone).local)}</p>`
      : '';
  parts.push(
    signedLine('Signed by the family', contract.family),
    signedLine('Signed by the breeder', contract.breeder),
  );
  if (contract.pdf)
    parts.push(
      `<p><a class="contract-button" href="${escapeHtml(contractPaths.pdf(token))}">Download the signed agreement (PDF)</a></p><p class="contract-hash">SHA-256 of the PDF: <code>${escapeHtml(contract.pdf.sha256)}</code></p>`,
    );
  if (!contract.family && !contract.voidedAt) parts.push(signForm(token, contract, state));
  return parts.join('');
}

function fieldError(state: FormState, key: string): string {
  const message = state.errors?.[key];
  return message ? `<p class="field-error" id="${key}-error">${escapeHtml(message)}</p>` : '';
}

function signForm(token: string, contract: ContractRecord, state: FormState): string {
  const values = state.values ?? {};
  const drawn = values.method === 'drawn';
  const described = (key: string) =>
    state.errors?.[key] ? ` aria-invalid="true" aria-describedby="${key}-error"` : '';
  return `<form class="sign-form" method="post" action="${escapeHtml(contractPaths.sign(token))}" data-sign-form>
<h2>Sign the agreement</h2>
<input type="hidden" name="textHash" value="${escapeHtml(contract.textHash)}">
<div class="field"><label class="consent"><input type="checkbox" name="consent" value="yes"${values.consent ? ' checked' : ''}${described('consent')}> ${escapeHtml(contractText.consent)}</label>${fieldError(state, 'consent')}</div>
<div class="field"><label for="signer-name">Your full name</label><input id="signer-name" name="name" autocomplete="name" maxlength="100" value="${escapeHtml(values.name ?? '')}"${described('name')}>${fieldError(state, 'name')}</div>
<fieldset class="field signature-field"><legend>Your signature</legend>
<div class="signature-methods" data-methods hidden>
<label><input type="radio" name="method" value="typed"${drawn ? '' : ' checked'}> Type it</label>
<label><input type="radio" name="method" value="drawn"${drawn ? ' checked' : ''}> Draw it</label>
</div>
<p class="typed-signature" data-typed-preview aria-hidden="true">${escapeHtml(values.name ?? '')}</p>
<p class="hint" data-typed-hint>Your typed name is your signature, shown in a script style.</p>
<div class="signature-pad" data-pad hidden>
<canvas width="700" height="250" data-canvas role="img" aria-label="Signature pad: draw your signature with a finger or the mouse"></canvas>
<button type="button" class="link-button" data-clear>Clear the signature</button>
</div>
<input type="hidden" name="image" value="" data-image>
${fieldError(state, 'signature')}${fieldError(state, 'method')}
</fieldset>
<button type="submit" class="contract-button">${escapeHtml(contractText.sign)}</button>
</form>`;
}
