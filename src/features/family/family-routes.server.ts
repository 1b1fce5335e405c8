import express, { type Request, type Response, Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import { cacheControl } from '../../server/http/cache-control';
import { clientKey } from '../../server/http/client-key';
import { type AdminRoutes, body, CHECK_FIELDS, Invalid, NotFound, parsed } from '../../server/http/pipeline';
import { siteOrigin } from '../../server/pages/origin';
import type { Inquiry } from '../../shared/api';
import { fieldErrors } from '../../shared/api';
import { ANY_LITTER, theLitter } from '../../shared/litter-words';
import { formatDollars, type ReservationView } from '../../shared/sales';
import type { ProofFiles } from '../../storage/proof-files';
import type { Records } from '../../storage/records';
import type { LitterService } from '../litters/index';
import { type FamilyPickView, PickRefused } from '../picks/index';
import { type PuppyService, type StoredPhoto, storedPhotoVariants } from '../puppies/index';
import type { SalesService } from '../sales/index';
import { type ContentService, formatBorn } from '../site/index';
import {
  dollarsToCents,
  editUpdateInput,
  FAMILY_PAGE_PATH,
  type FamilyState,
  type FamilyUpdates,
  type FamilyUpdateView,
  familyMessages,
  familySettingsInput,
  goHomeInput,
  paymentInput,
  postUpdateInput,
  priceInput,
  questionInput,
} from './family';
import { familyCss, familyCssHash } from './family-css.server';
import { linkMail } from './family-mail.server';
import {
  FAMILY_CSS_PATH,
  type FamilyPageView,
  renderEndedLink,
  renderFamilyPage,
  renderNoSuchLink,
} from './family-page.server';
import { FamilyRefused, type FamilyService } from './family-service.server';
import { goHomeIcs, goHomeWords } from './go-home.server';
import {
  MAX_PROOF_BYTES,
  ProofRefused,
  proofFileName,
  proofMessages,
  proofTypeOf,
  readProof,
} from './proofs.server';

export interface FamilyDeps {
  store: Pick<Records, 'hasInquiry' | 'listInquiries'>;
  sales: Pick<SalesService, 'saleOf' | 'waitlistIds'>;
  puppies: Pick<PuppyService, 'list'>;
  content: Pick<ContentService, 'familyFacts'>;
  /** A puppy's litter, the litter a waiting family waits for (issue 27, decision 121). */
  litters: Pick<LitterService, 'litterOf' | 'lineOf' | 'litters'>;
  family: FamilyService;
  /** Whether family emails can be sent (SMTP is set). */
  emailOn: boolean;
  publicUrl: string | undefined;
  /** Her Stripe webhook is set up: "Pay by card" is offered with her Payment Link. */
  cardPayments: boolean;
  /** A family's question, handed to her inbox on their inquiry. */
  ask(inquiry: Inquiry, text: string): Promise<void>;
  /** The uploaded photos (the existing upload: EXIF removed, resized) an update may use. */
  photos: { find(id: string): StoredPhoto | undefined; remove(ids: string[]): Promise<void> };
  /** The receipts' files (DATA_DIR/proofs). */
  proofs: Pick<ProofFiles, 'write' | 'read' | 'remove'>;
  /** The family's sales agreement, if she sent one (issue 30): its status words for the page. */
  contractOf?: (inquiryId: string) => { status: string } | null;
  /** "Apply" once she asked this family to (issue 29): the card, the form and its post. */
  application?: FamilyApplicationHook;
  /** Pick day (issue 29): the family's part of it on their page, and their choice or pass. */
  picks?: FamilyPicks;
}

interface FamilyApplicationHook {
  /** The card: the litter she asked them to apply for, and whether they applied. */
  cardOf(inquiryId: string): { litterName: string; applied: boolean } | null;
  /** GET …/apply: the form, or why there is none (its status). */
  page(inquiryId: string): { status: number; body: string };
  /** POST …/apply: 303 once attached to their inquiry, else the page with its status. */
  submit(inquiry: Inquiry, body: unknown): Promise<{ status: 303 } | { status: number; body: string }>;
}

interface FamilyPicks {
  view(inquiryId: string, action: string): FamilyPickView | null;
  /** Reserves the puppy for them (their turn, within the window): answers its name, or throws a PickRefused. */
  choose(inquiryId: string, puppyId: string): Promise<string>;
  pass(inquiryId: string): Promise<void>;
}

/** Receipts kept per reservation: a page cannot fill the disk. */
const MAX_PROOFS = 20;

const findInquiry = async (store: FamilyDeps['store'], id: string) =>
  (await store.listInquiries()).find((inquiry) => inquiry.id === id);

/** The reservation of the family (held, or gone home with them). */
export const reservationOf = (sales: FamilyDeps['sales'], inquiry: Inquiry) =>
  sales.saleOf(inquiry).reservation;

/** "News about the {litter} litter", her litter's name once ("February 2025 litter" is not doubled). */
const litterNews = (name: string) => `News about ${theLitter(name)}`;

/**
 * The family's place on their litter's waitlist (counted per litter, first come first served, as
 * the dashboard's "Waitlist" counts it) and that litter's name; null when they are not on it.
 */
function waitlistPlace(
  deps: Pick<FamilyDeps, 'litters' | 'sales'>,
  inquiry: Inquiry,
): { place: number; litter: string } | null {
  if (deps.sales.saleOf(inquiry).status !== 'waitlist') return null;
  const line = deps.litters.lineOf(inquiry.id);
  let place = 0;
  for (const id of deps.sales.waitlistIds()) {
    if (deps.litters.lineOf(id).litterId === line.litterId) place += 1;
    if (id === inquiry.id)
      return { place, litter: line.litterId === ANY_LITTER ? '' : theLitter(line.litterName) };
  }
  return null;
}

/**
 * Whether a litter's update concerns this family (issue 27): their reserved puppy is of that
 * litter, or, with no puppy yet, they are on that litter's waitlist. An update posted before
 * litters had ids went to every family with a reservation, and still shows to them.
 */
function concerns(
  deps: Pick<FamilyDeps, 'litters' | 'sales'>,
  update: { scope: 'litter' | 'family'; litterId?: string | undefined; reservationId?: string | undefined },
  inquiry: Inquiry,
  reservation: ReservationView | null | undefined,
): boolean {
  if (update.scope === 'family') return Boolean(reservation) && update.reservationId === reservation?.id;
  if (!update.litterId) return Boolean(reservation);
  if (reservation) return deps.litters.litterOf(reservation.puppyId)?.id === update.litterId;
  return (
    deps.sales.saleOf(inquiry).status === 'waitlist' &&
    deps.litters.lineOf(inquiry.id).litterId === update.litterId
  );
}

function money(deps: FamilyDeps, inquiry: Inquiry) {
  const reservation = reservationOf(deps.sales, inquiry);
  if (!reservation) return null;
  const priceCents = deps.family.priceOf(reservation.id) ?? deps.content.familyFacts().priceCents;
  const payments = [
    ...(reservation.deposit
      ? [
          {
            id: `deposit-${reservation.id}`,
            cents: reservation.deposit.cents,
            paidOn: reservation.deposit.receivedOn,
            method: reservation.deposit.method,
            source: 'deposit' as const,
          },
        ]
      : []),
    ...deps.family.paymentsOf(reservation.id).map(({ id, cents, paidOn, method, source }) => ({
      id,
      cents,
      paidOn,
      method,
      source,
    })),
  ].sort((a, b) => a.paidOn.localeCompare(b.paidOn));
  const paidCents = payments.reduce((sum, payment) => sum + payment.cents, 0);
  return {
    reservation,
    priceCents,
    payments,
    paidCents,
    dueCents: Math.max(0, priceCents - paidCents),
    proofs: deps.family.proofsOf(reservation.id).map(({ id, type, bytes, at, paymentId }) => ({
      id,
      type,
      bytes,
      at,
      // A payment no longer listed (a deposit removed with its reservation's change): unmatched.
      ...(paymentId && payments.some((payment) => payment.id === paymentId) ? { paymentId } : {}),
    })),
  };
}

export function familyState(deps: FamilyDeps, inquiry: Inquiry, url?: string): FamilyState {
  const last = deps.family.lastLink(inquiry.id);
  const active = deps.family.activeLink(inquiry.id);
  const shown = active ?? last;
  const owed = money(deps, inquiry);
  const goHome = owed ? deps.family.goHomeOf(owed.reservation.id) : undefined;
  return {
    inquiryId: inquiry.id,
    link: shown
      ? {
          active: Boolean(active),
          createdAt: shown.createdAt,
          ...(shown.endedAt ? { endedAt: shown.endedAt } : {}),
        }
      : null,
    ...(url ? { url } : {}),
    emailOn: deps.emailOn,
    mails: deps.family
      .mailsOf(inquiry.id)
      .map(({ id, kind, subject, to, state, queuedAt, updatedAt, lastAnswer }) => ({
        id,
        kind,
        subject,
        to,
        state,
        queuedAt,
        updatedAt,
        ...(lastAnswer ? { lastAnswer } : {}),
      }))
      .reverse(),
    money: owed
      ? {
          reservationId: owed.reservation.id,
          priceCents: owed.priceCents,
          payments: owed.payments,
          paidCents: owed.paidCents,
          dueCents: owed.dueCents,
          proofs: owed.proofs,
        }
      : null,
    goHome: goHome ? { date: goHome.date, time: goHome.time, place: goHome.place, note: goHome.note } : null,
    questions: deps.family.questionsOf(inquiry.id).map(({ id, text, at }) => ({ id, text, at })),
  };
}

/**
 * The admin side of the family pages (signed in): the link ("Send family page", "Replace link",
 * "Turn off"), the money, go-home day and her settings. Each change is on disk before its answer.
 */
export function familyApi(api: AdminRoutes, deps: FamilyDeps): void {
  const { store, family } = deps;

  /** The inquiry the path names, else 404. */
  const inquiryOf = async (id: string) => {
    const inquiry = id.length <= 100 && store.hasInquiry(id) ? await findInquiry(store, id) : undefined;
    if (!inquiry) throw new NotFound(familyMessages.noSuchInquiry);
    return inquiry;
  };

  /** The held (or gone-home) reservation of this id, with its inquiry; else 404. */
  const reservationIn = async (id: string) => {
    for (const inquiry of await store.listInquiries()) {
      const reservation = reservationOf(deps.sales, inquiry);
      if (reservation?.id === id) return { inquiry, reservation };
    }
    throw new NotFound(familyMessages.noReservation);
  };

  api.get('/inquiries/:id/family', async (req, res) => {
    res.json(familyState(deps, await inquiryOf(req.params.id)));
  });

  // "Send family page" and "Replace link": a new link (the old ones end), emailed when email is on.
  api.post('/inquiries/:id/family-link', async (req, res) => {
    const inquiry = await inquiryOf(req.params.id);
    const origin = siteOrigin(req, deps.publicUrl);
    const brand = deps.content.familyFacts().brand;
    const urlOf = (token: string) => `${origin}${FAMILY_PAGE_PATH}/${token}`;
    const token = await family.newLink(
      inquiry.id,
      deps.emailOn
        ? (token) => ({ to: inquiry.email, ...linkMail(brand, inquiry.name, urlOf(token)) })
        : null,
      { replace: true },
    );
    res.json(familyState(deps, inquiry, urlOf(token)));
  });

  api.post('/inquiries/:id/family-link/turn-off', async (req, res) => {
    const inquiry = await inquiryOf(req.params.id);
    await family.turnOff(inquiry.id);
    res.json(familyState(deps, inquiry));
  });

  // The reservation first (404), then the body (400).
  api.post('/reservations/:id/payments', async (req, res) => {
    const found = await reservationIn(req.params.id);
    const input = parsed(paymentInput, req.body);
    await family.recordPayment({
      reservationId: found.reservation.id,
      cents: dollarsToCents(input.amount),
      paidOn: input.paidOn,
      method: input.method,
      source: 'breeder',
    });
    res.json(familyState(deps, found.inquiry));
  });

  api.put('/reservations/:id/price', async (req, res) => {
    const found = await reservationIn(req.params.id);
    const input = parsed(priceInput, req.body);
    await family.setPrice(found.reservation.id, dollarsToCents(input.price));
    res.json(familyState(deps, found.inquiry));
  });

  api.put('/reservations/:id/go-home', async (req, res) => {
    const found = await reservationIn(req.params.id);
    const input = parsed(goHomeInput, req.body);
    await family.setGoHome(found.reservation.id, input);
    res.json(familyState(deps, found.inquiry));
  });

  /** Every family with a reservation (held or gone home), with its inquiry. */
  const reservedFamilies = async () => {
    const found: { inquiry: Inquiry; reservation: ReservationView }[] = [];
    for (const inquiry of await store.listInquiries()) {
      const reservation = reservationOf(deps.sales, inquiry);
      if (reservation) found.push({ inquiry, reservation });
    }
    return found;
  };

  /** A litter's families: those with a puppy of it reserved (or gone home), then those on its waitlist. */
  const familiesOfLitter = async (litterId: string) => {
    const found: { inquiry: Inquiry; reservation: ReservationView | null }[] = [];
    for (const inquiry of await store.listInquiries()) {
      const reservation = reservationOf(deps.sales, inquiry) ?? null;
      if (concerns(deps, { scope: 'litter', litterId }, inquiry, reservation))
        found.push({ inquiry, reservation });
    }
    return found;
  };

  const updateViews = async (): Promise<FamilyUpdates> => {
    const families = await reservedFamilies();
    const names = new Map((await store.listInquiries()).map((inquiry) => [inquiry.id, inquiry.name]));
    const mails = family.data().mails;
    const litters = deps.litters.litters();
    // An update posted before litters had ids: its litter is the one there was then, the first.
    const firstLitter = [...litters].sort((a, b) => a.createdAt.localeCompare(b.createdAt))[0];
    const updates = [...family.updates()].reverse().map((update): FamilyUpdateView => {
      const reserved = families.find(({ reservation }) => reservation.id === update.reservationId);
      const litterId = update.scope === 'litter' ? (update.litterId ?? firstLitter?.id) : undefined;
      const litter = litters.find((item) => item.id === litterId);
      return {
        id: update.id,
        scope: update.scope,
        audience:
          update.scope === 'litter'
            ? litter
              ? `The families of ${litter.name}`
              : 'The whole litter'
            : `${reserved?.reservation.puppyName ?? 'A puppy'}'s family`,
        ...(update.reservationId ? { reservationId: update.reservationId } : {}),
        ...(litterId ? { litterId } : {}),
        text: update.text,
        photos: update.photos.flatMap((photo) => {
          const stored = deps.photos.find(photo.id);
          return stored ? [{ ...photo, variants: storedPhotoVariants(stored) }] : [];
        }),
        postedAt: update.postedAt,
        ...(update.editedAt ? { editedAt: update.editedAt } : {}),
        emailed: mails
          .filter((mail) => mail.updateId === update.id)
          .map((mail) => ({ familyName: names.get(mail.inquiryId) ?? '', to: mail.to, state: mail.state })),
      };
    });
    return { updates };
  };

  /** The photos named, each uploaded and still stored; else 400. */
  const photosOf = (photos: { id: string; alt: string }[]) => {
    const unknown = photos.findIndex((photo) => !deps.photos.find(photo.id));
    if (unknown === -1) return photos;
    throw new Invalid(CHECK_FIELDS, {
      [`photos.${unknown}.id`]: 'This photo is no longer stored: upload it again',
    });
  };

  api.get('/family-updates', async (_req, res) => {
    res.json(await updateViews());
  });

  // "Post": stored with its emails (each family concerned, a link to their page, no attachment).
  api.post('/family-updates', body(postUpdateInput), async (req, res) => {
    const input = req.body;
    const photos = photosOf(input.photos);
    const facts = deps.content.familyFacts();
    // A litter's update goes to that litter's families (the one born last when none is named).
    const litters = deps.litters.litters();
    const litter =
      input.scope === 'litter'
        ? input.litterId
          ? litters.find((item) => item.id === input.litterId)
          : [...litters]
              .filter((item) => item.status === 'born')
              .sort((a, b) => b.born.localeCompare(a.born))[0]
        : undefined;
    if (input.scope === 'litter' && !litter) throw new NotFound(familyMessages.noLitter);
    let audience: { inquiry: Inquiry; reservation: ReservationView | null }[];
    if (input.scope === 'family') {
      audience = (await reservedFamilies()).filter(
        ({ reservation }) => reservation.id === input.reservationId,
      );
      if (audience.length === 0) throw new NotFound(familyMessages.noReservation);
    } else audience = await familiesOfLitter((litter as { id: string }).id);
    const origin = siteOrigin(req, deps.publicUrl);
    await family.postUpdate(
      {
        scope: input.scope,
        ...(input.scope === 'family' && input.reservationId ? { reservationId: input.reservationId } : {}),
        ...(litter ? { litterId: litter.id } : {}),
        text: input.text,
        photos,
      },
      audience.map(({ inquiry, reservation }) => ({
        inquiryId: inquiry.id,
        mail: (token: string) =>
          updateMail({
            to: inquiry.email,
            brand: facts.brand,
            familyName: inquiry.name,
            subject:
              input.scope === 'family' && reservation
                ? `New photos of ${reservation.puppyName}`
                : litterNews(litter?.name ?? ''),
            text: input.text,
            url: `${origin}${FAMILY_PAGE_PATH}/${token}`,
          }),
      })),
    );
    res.json(await updateViews());
  });

  api.put('/family-updates/:id', body(editUpdateInput), async (req, res) => {
    const photos = photosOf(req.body.photos);
    const { before, after } = await family.editUpdate(req.params.id, req.body.text, photos);
    const kept = new Set(after.photos.map((photo) => photo.id));
    await deps.photos.remove(before.photos.filter((photo) => !kept.has(photo.id)).map((photo) => photo.id));
    res.json(await updateViews());
  });

  // A deleted update's photos stop being served: their files go once it is removed on disk.
  api.delete('/family-updates/:id', async (req, res) => {
    const removed = await family.deleteUpdate(req.params.id);
    await deps.photos.remove(removed.photos.map((photo) => photo.id));
    res.json(await updateViews());
  });

  // A receipt, for her only: as its checked type, never run (sandboxed, not sniffed).
  api.get('/family-proofs/:id', async (req, res) => {
    const proof = family.proof(req.params.id);
    if (!proof) throw new NotFound('This receipt is no longer kept.');
    const data = await deps.proofs.read(proof.file);
    res.setHeader(
      'Content-Security-Policy',
      "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
    );
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader(
      'Content-Disposition',
      `inline; filename="receipt-${proof.at.slice(0, 10)}.${proof.file.split('.')[1]}"`,
    );
    res.type(proof.type).send(data);
  });

  api.get('/family-settings', (_req, res) => {
    res.json(family.settings());
  });

  api.put('/family-settings', body(familySettingsInput), async (req, res) => {
    await family.setSettings(req.body);
    res.json(family.settings());
  });
}

/** Page answers of a family link: never stored by anyone, never indexed, no referrer sent on. */
function privatePage(res: Response, status: number, body: string) {
  res.status(status);
  res.setHeader('Cache-Control', cacheControl.privateNoStore);
  res.setHeader('X-Robots-Tag', 'noindex, nofollow');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.type('html').send(body);
}

export interface FamilyPageLimits {
  /** Requests per client per minute to any family page. */
  perMinute: number;
  /** Wrong, replayed or ended tokens per client per 15 minutes before every family page answers 429. */
  badTokens: number;
}

/**
 * GET /family/{token} (the family's page), its .ics, and POST …/questions (its scripts-off form).
 * Rate limited per client; a client that keeps sending tokens that open nothing is shut out of
 * every family page for 15 minutes. Nothing here renders `/`, resizes a photo or sends an email
 * at once: a question is stored, then her notice is queued.
 */
export function familyPages(deps: FamilyDeps & { limits: FamilyPageLimits }) {
  const { family } = deps;
  const router = Router();
  const brand = () => deps.content.familyFacts().brand;

  router.get(FAMILY_CSS_PATH, (req, res) => {
    res.setHeader(
      'Cache-Control',
      req.query.v === familyCssHash ? cacheControl.immutable : cacheControl.publicDay,
    );
    res.type('css').send(familyCss);
  });

  const throttled = (_req: Request, res: Response) => {
    res.setHeader('Retry-After', '900');
    privatePage(res, 429, renderNoSuchLink(brand(), true));
  };
  const everyRequest = rateLimit({
    limit: deps.limits.perMinute,
    windowMs: 60_000,
    keyGenerator: clientKey,
    identifier: 'family-pages',
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: throttled,
  });
  // Counts only the answers that opened nothing (404, 410): a guesser is stopped after a few.
  const badTokens = rateLimit({
    limit: deps.limits.badTokens,
    windowMs: 15 * 60_000,
    keyGenerator: clientKey,
    identifier: 'family-bad-tokens',
    skipSuccessfulRequests: true,
    requestWasSuccessful: (_req, res) => res.statusCode !== 404 && res.statusCode !== 410,
    standardHeaders: false,
    legacyHeaders: false,
    handler: throttled,
  });
  const limited = [everyRequest, badTokens];

  /** The family the token opens, or the page that says it opens nothing (answered). */
  const open = async (req: Request, res: Response) => {
    const found = family.lookup(String(req.params.token));
    if (found.state === 'ended') {
      privatePage(res, 410, renderEndedLink(brand()));
      return undefined;
    }
    const inquiry =
      found.state === 'active' ? await findInquiry(deps.store, found.link.inquiryId) : undefined;
    if (!inquiry) {
      privatePage(res, 404, renderNoSuchLink(brand(), false));
      return undefined;
    }
    return inquiry;
  };

  const pageOf = (
    req: Request,
    inquiry: Inquiry,
    question: Partial<FamilyPageView['question']> = {},
    proof: { sent?: boolean; error?: string } = {},
    pickNote: { error?: string; done?: string } = {},
  ): FamilyPageView => {
    const facts = deps.content.familyFacts();
    const base = `${FAMILY_PAGE_PATH}/${String(req.params.token)}`;
    const owed = money(deps, inquiry);
    const reservation = owed?.reservation;
    const puppy = reservation && deps.puppies.list().puppies.find((item) => item.id === reservation.puppyId);
    const litter = reservation ? deps.litters.litterOf(reservation.puppyId) : undefined;
    const born = litter?.born || facts.born;
    const goHome = reservation && family.goHomeOf(reservation.id);
    const settings = family.settings();
    const day = (iso: string) => formatBorn(iso);
    return {
      brand: facts.brand,
      familyName: inquiry.name,
      puppy: reservation
        ? {
            name: reservation.puppyName,
            litter: litter?.name ?? '',
            born: formatBorn(born),
            age: facts.ageOf(born),
            photos: (puppy?.photos ?? []).map((photo) => ({
              src: photo.variants.src,
              srcSet: photo.variants.jpeg,
              alt: photo.alt || reservation.puppyName,
              large: largest(photo.variants.jpeg) ?? photo.variants.src,
              width: photo.variants.width,
              height: photo.variants.height,
            })),
          }
        : null,
      waitlist: reservation ? null : waitlistPlace(deps, inquiry),
      goHome: goHome
        ? { when: goHomeWords(goHome), place: goHome.place, note: goHome.note, icsUrl: `${base}/go-home.ics` }
        : null,
      whatToBring: settings.whatToBring
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
      money: owed
        ? {
            price: formatDollars(owed.priceCents),
            payments: owed.payments.map((payment) => ({
              label: payment.source === 'deposit' ? 'Deposit' : 'Payment',
              amount: formatDollars(payment.cents),
              day: day(payment.paidOn),
              method: payment.method,
            })),
            paid: formatDollars(owed.paidCents),
            due: formatDollars(owed.dueCents),
            instructions: settings.paymentInstructions,
            proofAction: `${base}/proofs`,
            proofs: owed.proofs.map((item) => ({
              day: formatBorn(item.at.slice(0, 10)),
              kind: item.type === 'application/pdf' ? 'PDF' : 'Photo',
            })),
            proofSent: proof.sent === true,
            ...(proof.error ? { proofError: proof.error } : {}),
            payByCard:
              deps.cardPayments && settings.paymentLink && owed.dueCents > 0
                ? `${settings.paymentLink}?client_reference_id=${encodeURIComponent(owed.reservation.id)}`
                : null,
          }
        : null,
      updates: [...family.updates()]
        .filter((update) => concerns(deps, update, inquiry, reservation))
        .reverse()
        .map((update) => ({
          id: update.id,
          when: formatBorn(update.postedAt.slice(0, 10)),
          at: update.postedAt,
          text: update.text,
          photos: update.photos.flatMap((ref) => {
            const stored = deps.photos.find(ref.id);
            if (!stored) return [];
            const variants = storedPhotoVariants(stored);
            return [
              {
                src: variants.src,
                srcSet: variants.jpeg,
                alt: ref.alt || 'A photo of the update',
                large: largest(variants.jpeg) ?? variants.src,
                width: variants.width,
                height: variants.height,
              },
            ];
          }),
        })),
      question: { action: `${base}/questions`, sent: false, ...question },
      pick: (() => {
        const view = deps.picks?.view(inquiry.id, `${base}/pick`);
        return view ? { ...view, ...pickNote } : null;
      })(),
      apply: (() => {
        const card = deps.application?.cardOf(inquiry.id);
        return card ? { ...card, href: `${base}/apply` } : null;
      })(),
      contract: (() => {
        const contract = deps.contractOf?.(inquiry.id);
        // The signing page takes this family's link too (src/features/contracts/family-contract-page.server.ts).
        return contract ? { status: contract.status, href: `/contract/${String(req.params.token)}` } : null;
      })(),
    };
  };

  router.get(`${FAMILY_PAGE_PATH}/:token`, ...limited, async (req, res) => {
    const inquiry = await open(req, res);
    if (!inquiry) return;
    const shown = pageOf(
      req,
      inquiry,
      { sent: req.query.question === 'sent' },
      { sent: req.query.proof === 'sent' },
      req.query.picked === 'pass' ? { done: 'You passed. Your place is kept for the next litter.' } : {},
    );
    privatePage(res, 200, renderFamilyPage(shown));
  });

  router.get(`${FAMILY_PAGE_PATH}/:token/go-home.ics`, ...limited, async (req, res) => {
    const inquiry = await open(req, res);
    if (!inquiry) return;
    const reservation = reservationOf(deps.sales, inquiry);
    const day = reservation && family.goHomeOf(reservation.id);
    if (!reservation || !day) return privatePage(res, 404, renderNoSuchLink(brand(), false));
    res.setHeader('Cache-Control', cacheControl.privateNoStore);
    res.setHeader('X-Robots-Tag', 'noindex, nofollow');
    res.setHeader('Content-Disposition', 'attachment; filename="go-home-day.ics"');
    res.type('text/calendar; charset=utf-8').send(goHomeIcs(reservation, day, brand()));
  });

  const form = express.urlencoded({ extended: false, limit: '8kb', parameterLimit: 5 });
  // A family asks 5 questions an hour at most (per client): each becomes a notice to her.
  const questions = rateLimit({
    limit: 5,
    windowMs: 60 * 60_000,
    keyGenerator: clientKey,
    identifier: 'family-questions',
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: throttled,
  });
  // "Add proof of payment": one photo or PDF, checked by its bytes, stored as sent (no resize).
  const proofUploads = rateLimit({
    limit: 10,
    windowMs: 60 * 60_000,
    keyGenerator: clientKey,
    identifier: 'family-proofs',
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: throttled,
  });
  router.post(`${FAMILY_PAGE_PATH}/:token/proofs`, ...limited, async (req, res, next) => {
    const inquiry = await open(req, res);
    if (!inquiry) return void req.resume();
    const reservation = reservationOf(deps.sales, inquiry);
    const refuse = (status: number, message: string) => {
      res.setHeader('Connection', 'close');
      privatePage(res, status, renderFamilyPage(pageOf(req, inquiry, {}, { error: message })));
    };
    // A body is read to its end before a refusal (a client still sending would get a broken pipe,
    // not the answer), but never past twice the limit: one that goes on is cut off.
    let received = 0;
    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > 2 * MAX_PROOF_BYTES) req.destroy();
    });
    const refuseAfterBody = (status: number, message: string) => {
      if (req.complete) return refuse(status, message);
      req.once('end', () => refuse(status, message));
      req.resume();
    };
    if (!reservation) return refuseAfterBody(409, proofMessages.malformed);
    if (!req.is('multipart/form-data')) return refuseAfterBody(415, proofMessages.none);
    if (Number(req.headers['content-length'] ?? 0) > MAX_PROOF_BYTES + 64 * 1024)
      return refuseAfterBody(413, proofMessages.tooBig);
    proofUploads(req, res, async () => {
      try {
        const data = await readProof(req);
        const type = proofTypeOf(data);
        if (!type) return refuse(415, proofMessages.notAllowed);
        if (family.proofsOf(reservation.id).length >= MAX_PROOFS) return refuse(409, proofMessages.tooMany);
        const file = proofFileName(type);
        await deps.proofs.write(file, data);
        try {
          await family.addProof(
            { reservationId: reservation.id, file, type, bytes: data.length },
            MAX_PROOFS,
          );
        } catch (error) {
          await deps.proofs.remove([file]);
          if (error instanceof FamilyRefused) return refuse(409, proofMessages.tooMany);
          throw error;
        }
        res.redirect(303, `${FAMILY_PAGE_PATH}/${String(req.params.token)}?proof=sent#money-heading`);
      } catch (error) {
        if (error instanceof ProofRefused) return refuse(error.status, error.message);
        next(error);
      }
    });
  });

  // Pick day's forms ("Choose {name}", "Pass"): a choice out of turn, after the window or for a
  // puppy just taken is a 409 page that says why; a choice is one reservation, never more.
  router.post(`${FAMILY_PAGE_PATH}/:token/pick`, ...limited, async (req, res, next) => {
    const inquiry = await open(req, res);
    if (!inquiry) return;
    const refuse = (status: number, message: string) =>
      privatePage(res, status, renderFamilyPage(pageOf(req, inquiry, {}, {}, { error: message })));
    form(req, res, async (error?: unknown) => {
      if (error) return refuse(400, 'Your choice could not be read. Please try again.');
      const body = (req.body ?? {}) as { puppy?: unknown; pass?: unknown };
      if (!deps.picks) return refuse(409, 'There is nothing to choose right now.');
      try {
        if (body.pass === '1' && body.puppy === undefined) {
          await deps.picks.pass(inquiry.id);
          return res.redirect(
            303,
            `${FAMILY_PAGE_PATH}/${String(req.params.token)}?picked=pass#pick-heading`,
          );
        }
        if (typeof body.puppy !== 'string' || body.puppy.length === 0 || body.puppy.length > 100)
          return refuse(400, 'Choose one of the puppies listed.');
        await deps.picks.choose(inquiry.id, body.puppy);
        res.redirect(303, `${FAMILY_PAGE_PATH}/${String(req.params.token)}#puppy-heading`);
      } catch (failure) {
        if (failure instanceof PickRefused) return refuse(failure.status, failure.message);
        next(failure);
      }
    });
  });

  // "Apply" (issue 29): the family she asked answers her questions; the application is attached
  // to this inquiry (the token says whose), never a new one. One per family: a second is a 409.
  router.get(`${FAMILY_PAGE_PATH}/:token/apply`, ...limited, async (req, res) => {
    const inquiry = await open(req, res);
    if (!inquiry) return;
    if (!deps.application) return privatePage(res, 404, renderNoSuchLink(brand(), false));
    const answer = deps.application.page(inquiry.id);
    privatePage(res, answer.status, answer.body);
  });
  const applyForm = express.urlencoded({ extended: false, limit: '32kb', parameterLimit: 200 });
  router.post(`${FAMILY_PAGE_PATH}/:token/apply`, ...limited, async (req, res, next) => {
    const inquiry = await open(req, res);
    if (!inquiry) return void req.resume();
    const { application } = deps;
    if (!application) return privatePage(res, 404, renderNoSuchLink(brand(), false));
    applyForm(req, res, async (error?: unknown) => {
      try {
        const answer = await application.submit(inquiry, error ? null : (req.body ?? {}));
        if (answer.status === 303 || !('body' in answer))
          return res.redirect(303, `${FAMILY_PAGE_PATH}/${String(req.params.token)}#apply-heading`);
        privatePage(res, answer.status, answer.body);
      } catch (failure) {
        next(failure);
      }
    });
  });

  router.post(`${FAMILY_PAGE_PATH}/:token/questions`, ...limited, async (req, res, next) => {
    const inquiry = await open(req, res);
    if (!inquiry) return;
    form(req, res, (error?: unknown) => {
      if (error) {
        const status = (error as { status?: number }).status ?? 400;
        return privatePage(
          res,
          status >= 400 && status < 500 ? status : 400,
          renderFamilyPage(
            pageOf(req, inquiry, {
              error: 'Your question could not be read. Please shorten it and try again.',
            }),
          ),
        );
      }
      questions(req, res, async () => {
        try {
          const parsed = questionInput.safeParse({
            question: (req.body as { question?: unknown })?.question,
          });
          if (!parsed.success) {
            const raw = (req.body as { question?: unknown })?.question;
            return privatePage(
              res,
              400,
              renderFamilyPage(
                pageOf(req, inquiry, {
                  error: fieldErrors(parsed.error).question ?? familyMessages.question,
                  value: typeof raw === 'string' ? raw.slice(0, 2000) : '',
                }),
              ),
            );
          }
          await deps.ask(inquiry, parsed.data.question);
          res.redirect(303, `${FAMILY_PAGE_PATH}/${String(req.params.token)}?question=sent#ask-heading`);
        } catch (failure) {
          next(failure);
        }
      });
    });
  });

  return router;
}

/** The widest entry of a srcset ("a 480w, b 960w" → "b"). */
function largest(srcSet: string): string | undefined {
  return srcSet.split(',').at(-1)?.trim().split(/\s+/)[0];
}

function updateMail(input: {
  to: string;
  brand: string;
  familyName: string;
  subject: string;
  text: string;
  url: string;
}) {
  return {
    kind: 'update' as const,
    to: input.to,
    subject: input.subject,
    text: [
      `Hello ${input.familyName},`,
      '',
      input.text,
      '',
      'See the photos and everything else on your page:',
      input.url,
      '',
      input.brand,
    ].join('\n'),
  };
}
