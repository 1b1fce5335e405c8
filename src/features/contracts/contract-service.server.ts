import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns/format';
import { Refused } from '../../server/http/pipeline';
import type { Inquiry } from '../../shared/api';
import { formatDollars } from '../../shared/sales';
import type {
  ContractMailRecord,
  ContractRecord,
  ContractsData,
  SignatureRecord,
} from '../../storage/contracts-schema';
import { contractsFile } from '../../storage/registry';
import type { ReservationRecord } from '../../storage/sales-file';
import type { Storage } from '../../storage/storage';
import { deviceName } from '../account/index';
import {
  type ContractStatus,
  type ContractTemplate,
  type ContractView,
  contractMessages,
  contractPaths,
  contractsApi,
  fillPlaceholders,
  MAX_TEMPLATE_HISTORY,
  type Placeholder,
  type SignatureInput,
  type TemplateState,
  templateSchema,
} from './contracts';
import type { PdfMaker } from './pdf-maker.server';
import { reencodeSignature } from './signature-image.server';
import { startingTemplate } from './starting-template.server';

/** A refusal the routes answer with its status and message (never a 500). */
export class ContractRefused extends Refused {
  constructor(status: 400 | 404 | 409, message: string, errors?: Record<string, string>) {
    super(status, message, errors);
  }
}

/** What the page says of the litter and prices, read when a contract is filled. */
export interface SiteFacts {
  kennel: string;
  /** The price of one puppy, whole dollars. */
  price: number;
  /** The birth date as the page writes it ("February 9, 2025"), or '' when not known. */
  born: string;
}

/**
 * What is known of one reservation beyond sales.json: its puppy's litter (litters.json) and what
 * she set on the family's page (family.json). Each is left out while not known.
 */
export interface ReservationFacts {
  /** The litter's name, as she named it. */
  litter?: string;
  /** The litter's birth date, "YYYY-MM-DD" (the page's date is used without it). */
  litterBorn?: string;
  /** The family's own price ("Save price"), in cents; without it, the page's price of one puppy. */
  priceCents?: number;
  /** The go-home day, "YYYY-MM-DD". */
  goHomeDate?: string;
}

/** Who signs and from where: what the signing record keeps. */
export interface SigningContext {
  ip: string;
  userAgent: string;
  /** The email the link went to (the family's), or her account's. */
  email: string;
  at?: Date;
}

interface ContractServiceDeps {
  storage: Pick<Storage, 'openDocument' | 'contractPdfs'>;
  /** The breeder's zone (TZ): {today} and the printed times. */
  timeZone: string;
  facts: () => SiteFacts;
  /** The litter, price and go-home day of a reservation, read when a contract is filled. */
  reservationFacts?: (reservation: ReservationRecord) => ReservationFacts;
  /** A reservation held now, by id (sales.json). */
  heldReservation: (id: string) => ReservationRecord | undefined;
  findInquiry: (id: string) => Promise<Inquiry | undefined>;
  pdfMaker: PdfMaker;
  /** Called after each change that owes an email (the mailer sends it). */
  onMailOwed?: () => void;
  logError: (event: string, error: unknown) => void;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** The text the signers see and whose SHA-256 they sign: the title, a blank line, the text. */
const shownText = (title: string, text: string) => `${title}\n\n${text}`;

export function statusOf(contract: ContractRecord): ContractStatus {
  if (contract.voidedAt) return 'void';
  if (contract.family && contract.breeder) return 'signed';
  if (contract.family) return 'family-signed';
  return 'sent';
}

const pdfName = (contract: ContractRecord) => `${contract.id}.pdf`;

/**
 * Her agreement template and the contracts sent from it (DATA_DIR/contracts.json, and the signed
 * PDFs in DATA_DIR/contracts). Every change is on disk before its promise resolves.
 */
export async function openContractService(deps: ContractServiceDeps) {
  const now = () => new Date();
  const file = await deps.storage.openDocument(contractsFile, async () => ({
    version: 1 as const,
    template: { revision: 1, savedAt: now().toISOString(), savedBy: '', template: startingTemplate },
    draft: null,
    history: [{ revision: 1, savedAt: now().toISOString(), savedBy: '', template: startingTemplate }],
    contracts: [],
  }));
  const change = async <T>(apply: (data: ContractsData) => [ContractsData, T]) =>
    (await file.change(apply)).result;

  const find = (id: string) => file.data.contracts.find((contract) => contract.id === id);
  const withContract = (data: ContractsData, id: string, edit: (c: ContractRecord) => ContractRecord) => {
    const contract = data.contracts.find((candidate) => candidate.id === id);
    if (!contract) throw new ContractRefused(404, contractMessages.noSuchContract);
    const edited = edit(contract);
    return { ...data, contracts: data.contracts.map((c) => (c.id === id ? edited : c)) };
  };

  const templateState = (): TemplateState => {
    const { template, draft, history } = file.data;
    return {
      template: draft?.template ?? template.template,
      basedOn: template.revision,
      hasDraft: draft !== null,
      draftSavedAt: draft?.savedAt ?? null,
      history,
    };
  };
  const checkBasedOn = (data: ContractsData, basedOn: number) => {
    if (data.template.revision !== basedOn) throw new ContractRefused(409, contractMessages.staleTemplate);
  };

  /** The placeholders' values for a reservation: a value not known yet is left out (a blank line). */
  const valuesFor = (reservation: ReservationRecord, inquiry: Inquiry, at: Date) => {
    const facts = deps.facts();
    const own = deps.reservationFacts?.(reservation) ?? {};
    // Her price for this family when she saved one (the family page's "Save price"), else the page's.
    const priceCents = own.priceCents ?? facts.price * 100;
    const depositCents = reservation.deposit?.cents ?? 0;
    const values: Partial<Record<Placeholder, string>> = {
      family: inquiry.name,
      email: inquiry.email,
      phone: inquiry.phone ?? '',
      puppy: reservation.puppyName,
      litter: own.litter ?? '',
      goHomeDate: own.goHomeDate ? longDay(own.goHomeDate) : '',
      born: own.litterBorn ? longDay(own.litterBorn) : facts.born,
      price: priceCents > 0 ? formatDollars(priceCents) : '',
      deposit: formatDollars(depositCents),
      balance: priceCents > 0 ? formatDollars(Math.max(0, priceCents - depositCents)) : '',
      breeder: file.data.template.template.breederName,
      kennel: facts.kennel,
      today: format(new TZDate(at, deps.timeZone), 'MMMM d, yyyy'),
    };
    return values;
  };

  const reservationAndInquiry = async (reservationId: string) => {
    const reservation = deps.heldReservation(reservationId);
    const inquiry = reservation && (await deps.findInquiry(reservation.inquiryId));
    if (!reservation || !inquiry) throw new ContractRefused(404, contractMessages.noSuchReservation);
    return { reservation, inquiry };
  };

  const filled = (template: ContractTemplate, values: Partial<Record<Placeholder, string>>) => ({
    title: fillPlaceholders(template.title, values),
    text: fillPlaceholders(template.text, values),
  });

  const view = (contract: ContractRecord): ContractView => ({
    id: contract.id,
    inquiryId: contract.inquiryId,
    reservationId: contract.reservationId,
    puppyName: contract.puppyName,
    title: contract.title,
    text: contract.text,
    textHash: contract.textHash,
    status: statusOf(contract),
    sentAt: contract.sentAt,
    sentTo: contract.sentTo,
    family: contract.family && signatureView(contract.family),
    breeder: contract.breeder && signatureView(contract.breeder),
    voidedAt: contract.voidedAt,
    voidReason: contract.voidReason,
    pdf: contract.pdf && {
      url: contractsApi.pdf(contract.id),
      sha256: contract.pdf.sha256,
      bytes: contract.pdf.bytes,
    },
  });

  const signatureRecord = async (
    contract: ContractRecord,
    input: SignatureInput,
    context: SigningContext,
  ): Promise<SignatureRecord> => {
    if (input.textHash !== contract.textHash) throw new ContractRefused(409, contractMessages.textChanged);
    let image: string | undefined;
    if (input.method === 'drawn') {
      if (!input.image)
        throw new ContractRefused(400, contractMessages.signatureRequired, {
          signature: contractMessages.signatureRequired,
        });
      image = (await reencodeSignature(input.image)).toString('base64');
    }
    return {
      name: input.name,
      signedAt: (context.at ?? now()).toISOString(),
      method: input.method,
      ...(image ? { image } : {}),
      ip: context.ip,
      userAgent: context.userAgent.slice(0, 500),
      browser: deviceName(context.userAgent),
      email: context.email,
      textHash: input.textHash,
    };
  };

  const mail = (kind: ContractMailRecord['kind'], to: string[], at: Date): ContractMailRecord => ({
    id: randomUUID(),
    kind,
    to,
    state: 'waiting',
    attempts: 0,
    queuedAt: at.toISOString(),
    updatedAt: at.toISOString(),
  });

  /** One PDF at a time per contract: a second request for the same one waits for the first. */
  const making = new Map<string, Promise<void>>();
  const breederEmails = { value: [] as string[] };

  /** Makes and stores the PDF of a contract signed by both, once; then owes its two emails. */
  const ensurePdf = (id: string): Promise<void> => {
    const contract = find(id);
    if (!contract || contract.pdf || !contract.family || !contract.breeder || contract.voidedAt)
      return Promise.resolve();
    const under = making.get(id);
    if (under) return under;
    const run = (async () => {
      const facts = deps.facts();
      const signatures = [
        { role: 'Buyer' as const, record: contract.family },
        { role: 'Breeder' as const, record: contract.breeder },
      ].flatMap(({ role, record }) =>
        record
          ? [
              {
                role,
                name: record.name,
                signedAt: record.signedAt,
                method: record.method,
                ...(record.image ? { image: record.image } : {}),
                ip: record.ip,
                browser: record.browser,
                email: record.email,
                textHash: record.textHash,
              },
            ]
          : [],
      );
      const pdf = await deps.pdfMaker.make({
        contractId: contract.id,
        title: contract.title,
        text: contract.text,
        textHash: contract.textHash,
        kennel: facts.kennel,
        timeZone: deps.timeZone,
        signatures,
      });
      await deps.storage.contractPdfs.write(pdfName(contract), pdf);
      const at = now();
      await change((data) => [
        withContract(data, id, (c) => ({
          ...c,
          pdf: { file: pdfName(c), sha256: sha256(pdf), bytes: pdf.length, madeAt: at.toISOString() },
          mails: [
            ...c.mails,
            mail('pdf-family', [c.sentTo], at),
            mail(
              'pdf-breeder',
              breederEmails.value.length > 0 ? breederEmails.value : [c.breeder?.email ?? ''],
              at,
            ),
          ],
        })),
        null,
      ]);
      deps.onMailOwed?.();
    })().finally(() => making.delete(id));
    making.set(id, run);
    return run;
  };

  return {
    /** Her notice addresses (NOTIFY_EMAIL): where her copies go; else her account's email. */
    setBreederEmails(emails: string[]) {
      breederEmails.value = emails;
    },
    templateState,
    async saveDraft(basedOn: number, template: ContractTemplate): Promise<TemplateState> {
      await change((data) => {
        checkBasedOn(data, basedOn);
        return [{ ...data, draft: { basedOn, savedAt: now().toISOString(), template } }, null];
      });
      return templateState();
    },
    /** The draft becomes the template; the version it replaces stays in the history. */
    async saveTemplate(basedOn: number, by: string): Promise<TemplateState> {
      await change((data) => {
        checkBasedOn(data, basedOn);
        if (!data.draft) throw new ContractRefused(409, contractMessages.noDraft);
        // Checked again: a draft restored from an older release's history passes the same rules.
        const parsed = templateSchema.safeParse(data.draft.template);
        if (!parsed.success) throw new ContractRefused(400, parsed.error.issues[0]?.message ?? '');
        const saved = {
          revision: data.template.revision + 1,
          savedAt: now().toISOString(),
          savedBy: by,
          template: parsed.data,
        };
        return [
          {
            ...data,
            template: saved,
            draft: null,
            history: [saved, ...data.history].slice(0, MAX_TEMPLATE_HISTORY),
          },
          null,
        ];
      });
      return templateState();
    },
    async discardDraft(basedOn: number): Promise<TemplateState> {
      await change((data) => {
        checkBasedOn(data, basedOn);
        return [{ ...data, draft: null }, null];
      });
      return templateState();
    },
    async restore(basedOn: number, revision: number): Promise<TemplateState> {
      await change((data) => {
        checkBasedOn(data, basedOn);
        const version = data.history.find((entry) => entry.revision === revision);
        if (!version) throw new ContractRefused(404, contractMessages.noSuchVersion);
        return [
          { ...data, draft: { basedOn, savedAt: now().toISOString(), template: version.template } },
          null,
        ];
      });
      return templateState();
    },
    /** The template (the draft when there is one) filled with a reservation's values. */
    async preview(reservationId: string): Promise<{ title: string; text: string }> {
      const { reservation, inquiry } = await reservationAndInquiry(reservationId);
      return filled(templateState().template, valuesFor(reservation, inquiry, now()));
    },
    /**
     * "Send contract": the saved template filled and frozen as this family's contract; the answer
     * carries the family's link once (only its hash is kept).
     */
    async send(reservationId: string, by: string): Promise<ContractView> {
      const { reservation, inquiry } = await reservationAndInquiry(reservationId);
      const token = randomBytes(32).toString('base64url');
      const at = now();
      const contract = await change((data) => {
        const open = data.contracts.find((c) => c.reservationId === reservationId && !c.voidedAt);
        if (open) throw new ContractRefused(409, contractMessages.alreadyOpen);
        const { title, text } = filled(data.template.template, valuesFor(reservation, inquiry, at));
        const record: ContractRecord = {
          id: randomUUID(),
          inquiryId: inquiry.id,
          reservationId,
          puppyName: reservation.puppyName,
          title,
          text,
          textHash: sha256(shownText(title, text)),
          sentAt: at.toISOString(),
          sentBy: by,
          sentTo: inquiry.email,
          tokenHash: sha256(token),
          family: null,
          breeder: null,
          voidedAt: null,
          voidReason: null,
          pdf: null,
          mails: [],
        };
        return [{ ...data, contracts: [...data.contracts, record] }, record];
      });
      return { ...view(contract), link: contractPaths.page(token) };
    },
    /** The family's contract for a link's token (its hash compared), if that link is active. */
    byToken(token: string): ContractRecord | undefined {
      if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
      const hash = sha256(token);
      return file.data.contracts.find((contract) => contract.tokenHash === hash);
    },
    get: (id: string) => find(id),
    /** The contract a family's page shows: the newest that is not void, else the newest. */
    forInquiry(inquiryId: string): ContractRecord | undefined {
      const theirs = file.data.contracts.filter((contract) => contract.inquiryId === inquiryId);
      return theirs.findLast((contract) => !contract.voidedAt) ?? theirs.at(-1);
    },
    view,
    /** An inquiry's contracts, newest first (void ones too). */
    ofInquiry: (inquiryId: string): ContractView[] =>
      file.data.contracts
        .filter((contract) => contract.inquiryId === inquiryId)
        .reverse()
        .map(view),
    async signAsFamily(id: string, input: SignatureInput, context: SigningContext): Promise<ContractRecord> {
      const current = find(id);
      if (!current) throw new ContractRefused(404, contractMessages.noSuchContract);
      if (current.voidedAt) throw new ContractRefused(409, contractMessages.voided);
      if (current.family) throw new ContractRefused(409, contractMessages.familyAlreadySigned);
      const signature = await signatureRecord(current, input, { ...context, email: current.sentTo });
      const at = now();
      const signed = await change((data) => {
        const next = withContract(data, id, (c) => {
          // Checked again inside the change: two tabs signing at once sign once.
          if (c.voidedAt) throw new ContractRefused(409, contractMessages.voided);
          if (c.family) throw new ContractRefused(409, contractMessages.familyAlreadySigned);
          if (c.textHash !== signature.textHash) throw new ContractRefused(409, contractMessages.textChanged);
          return {
            ...c,
            family: signature,
            mails: [...c.mails, mail('family-signed', breederEmails.value, at)],
          };
        });
        return [next, next.contracts.find((c) => c.id === id) as ContractRecord];
      });
      deps.onMailOwed?.();
      return signed;
    },
    /** Her countersignature; the PDF is made (in its thread) and stored before the answer. */
    async signAsBreeder(id: string, input: SignatureInput, context: SigningContext): Promise<ContractView> {
      const current = find(id);
      if (!current) throw new ContractRefused(404, contractMessages.noSuchContract);
      if (current.voidedAt) throw new ContractRefused(409, contractMessages.voided);
      if (current.breeder) throw new ContractRefused(409, contractMessages.breederAlreadySigned);
      if (!current.family) throw new ContractRefused(409, contractMessages.familyFirst);
      const signature = await signatureRecord(current, input, context);
      await change((data) => [
        withContract(data, id, (c) => {
          if (c.voidedAt) throw new ContractRefused(409, contractMessages.voided);
          if (c.breeder) throw new ContractRefused(409, contractMessages.breederAlreadySigned);
          if (c.textHash !== signature.textHash) throw new ContractRefused(409, contractMessages.textChanged);
          return { ...c, breeder: signature };
        }),
        null,
      ]);
      try {
        await ensurePdf(id);
      } catch (error) {
        // Signed and kept either way; the PDF is made again at the next start.
        deps.logError('contract-pdf', error);
      }
      return view(find(id) as ContractRecord);
    },
    async voidContract(id: string, reason: string): Promise<ContractView> {
      await change((data) => [
        withContract(data, id, (c) => {
          if (c.voidedAt) throw new ContractRefused(409, contractMessages.alreadyVoid);
          return { ...c, voidedAt: now().toISOString(), voidReason: reason };
        }),
        null,
      ]);
      return view(find(id) as ContractRecord);
    },
    /** The stored PDF's bytes (null until made). */
    async pdf(id: string): Promise<Buffer | null> {
      const contract = find(id);
      if (!contract?.pdf) return null;
      return deps.storage.contractPdfs.read(contract.pdf.file);
    },
    /** At start: PDFs a crash or a failure left unmade are made now. */
    async makeMissingPdfs(): Promise<void> {
      for (const contract of file.data.contracts) {
        if (contract.family && contract.breeder && !contract.pdf && !contract.voidedAt)
          await ensurePdf(contract.id).catch((error: unknown) => deps.logError('contract-pdf', error));
      }
    },
    /** The emails still owed, for the mailer. */
    owedMails(): { contract: ContractRecord; mail: ContractMailRecord }[] {
      return file.data.contracts.flatMap((contract) =>
        contract.mails.filter((m) => m.state === 'waiting').map((m) => ({ contract, mail: m })),
      );
    },
    /** Records what a try of an owed email came to. */
    recordMail: (contractId: string, next: ContractMailRecord) =>
      change((data) => [
        withContract(data, contractId, (c) => ({
          ...c,
          mails: c.mails.map((m) => (m.id === next.id ? next : m)),
        })),
        null,
      ]),
    close: () => file.close(),
  };
}

/** "2026-12-12" → "December 12, 2026" (a calendar day: no time zone moves it). */
function longDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return '';
  return format(new Date(year, month - 1, date), 'MMMM d, yyyy');
}

function signatureView(record: SignatureRecord) {
  return { name: record.name, signedAt: record.signedAt, method: record.method };
}

export type ContractService = Awaited<ReturnType<typeof openContractService>>;
