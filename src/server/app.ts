import type { RequestListener } from 'node:http';
import images from 'virtual:images';
import express, { type RequestHandler } from 'express';
import {
  AccountChanges,
  accountRoutes,
  authRoutes,
  createLoginThrottle,
  NewDeviceAlerts,
  Passkeys,
  pageAccessGuard,
  requireUser,
  SessionLog,
  Sessions,
  sessionCookies,
  TwoStep,
  withAccountSettings,
} from '../features/account';
import { type Applications, applicationsApi, applyRoutes, familyApplication } from '../features/applications';
import type { BackupService, makeBackup } from '../features/backup';
import { backupApi } from '../features/backup';
import {
  type Contracts,
  contractRoutes,
  contractStatusLabels,
  familyContractPage,
  statusOf,
} from '../features/contracts';
import {
  type FamilyFeature,
  familyApi,
  familyPages,
  familyProofRoutes,
  stripeWebhook,
} from '../features/family';
import { inboxRoutes } from '../features/inbox';
import {
  contactFormRoutes,
  FormTimers,
  type InquiryTriage,
  inquiryRateLimit,
  inquiryRoutes,
  triageRoutes,
} from '../features/inquiries';
import { type LitterService, littersApi, withLitters } from '../features/litters';
import type { Notices } from '../features/notices';
import { createMailSender, noticesApi, oneLine } from '../features/notices';
import { familyPickView, type PicksService, picksApi } from '../features/picks';
import type { PuppyService } from '../features/puppies';
import { mediaFiles, photoUpload, puppiesApi } from '../features/puppies';
import type { NextLitter, SalesService } from '../features/sales';
import {
  isWaitlistInquiry,
  litterOfChoice,
  namesWithLitters,
  nextLitterBlock,
  nextLittersPage,
  salesRoutes,
} from '../features/sales';
import type { ContentService } from '../features/site';
import { contentApi, sitePreview, todayIn } from '../features/site';
import { inquiryAttribution, VisitCounter, visitBeacon, visitsRoutes } from '../features/visits';
import type { Inquiry } from '../shared/api';
import type { AssetManifest } from '../shared/asset-manifest';
import type { HttpsOff, HttpsStatus } from '../shared/https';
import { paths } from '../shared/routes';
import { FORM_TIMER_HEADER } from '../shared/spam';
import type { AccountFile } from '../storage/account-file';
import type { InquirySources } from '../storage/inquiry-sources';
import type { Records, User } from '../storage/records';
import { normalizeUsername } from '../storage/user-file';
import type { VisitCounts } from '../storage/visit-counts';
import type { Config } from './core/config';
import type { InFlight } from './core/in-flight';
import type { Logger } from './core/log';
import { privateByDefault } from './http/cache-control';
import { compressApi } from './http/compress-api';
import { errorHandler, sendError } from './http/errors';
import { healthCheck } from './http/health';
import { jsonBody } from './http/json-body';
import { adminApi } from './http/pipeline';
import { limitUrlLength } from './http/request-limits';
import { requestLog } from './http/request-log';
import { sameOriginOnly, sameOriginReads } from './http/same-origin';
import { securityHeaders } from './http/security-headers';
import { httpsApi } from './https/https-routes';
import { loadInlineStyles } from './pages/assets';
import { landingFastPath } from './pages/landing-fast-path';
import type { TrustProxy } from './pages/origin';
import { createPageHandler } from './pages/page-cache';
import { seoRoutes } from './pages/seo-routes';
import { staticFiles } from './pages/static-files';
import { unmatchedRequest } from './pages/unmatched';

interface AppDeps {
  config: Config;
  /** Her application's questions and the families' applications (DATA_DIR/applications.json). */
  applications: Applications;
  store: Records;
  manifest: AssetManifest;
  /** Signs session cookies: SESSION_SECRET, or the one generated and kept in DATA_DIR. */
  sessionSigningKey: string;
  logger: Logger;
  /** `npm run dev` only: the endpoint that tells open pages to reload after a rebuild. */
  devReload?: RequestHandler;
  /** The inquiry notices, started by main.ts (it stops them on shutdown). */
  notices: Notices;
  /** The breeder's puppies and their photos (DATA_DIR/puppies.json), opened by main. */
  puppies: PuppyService;
  /** Where the uploaded photos' files are (DATA_DIR/photos). */
  photosDir: string;
  /** The scheduled backups (started by main.ts) and a fresh archive of the data, for downloads. */
  backups: { service: BackupService; newBackup: () => ReturnType<typeof makeBackup> };
  /** The page views per day (DATA_DIR/visits.json), opened by main (it writes them on shutdown). */
  visits: VisitCounts;
  /** Where each inquiry's visit came from (DATA_DIR/inquiry-sources.json), opened by main. */
  inquirySources: InquirySources;
  /** What the breeder sets on her account page (DATA_DIR/account.json), opened by main. */
  accounts: AccountFile;
  /** Statuses, notes, reservations (DATA_DIR/sales.json), opened by main. */
  sales: SalesService;
  /** The litters (DATA_DIR/litters.json), opened by main after the puppies and the sales. */
  litters: LitterService;
  /** The page's words, facts and photos (DATA_DIR/site.json), opened by main. */
  content: ContentService;
  /** Submissions under way, which main's shutdown lets finish before it closes the stores. */
  inFlight?: InFlight;
  /** Likely spam held back from the inbox (DATA_DIR/inquiry-triage.json), opened by main. */
  triage: InquiryTriage;
  /** Her agreement template and the contracts (DATA_DIR/contracts.json), opened by main. */
  contracts: Contracts;
  /** Each family's page (DATA_DIR/family.json) and the emails to families, started by main. */
  family: FamilyFeature;
  /** Pick day (DATA_DIR/picks.json), opened by main with its timer. */
  picks: PicksService;
  /** Deletes the files of uploaded photos (a deleted update's): they stop being served. */
  removePhotos: (ids: string[]) => Promise<void>;
  /** How the site's own certificate is doing (DOMAIN set), for the dashboard's warning. */
  httpsStatus?: () => HttpsStatus | HttpsOff;
}

/**
 * Builds the request listener: the landing hot path, then the Express app; main.ts is the only
 * place that listens. The services features share are built here, once, and each feature gets
 * only what it uses. Middleware in reading order.
 */
export function createApp({
  config,
  applications,
  store,
  manifest,
  sessionSigningKey,
  logger,
  devReload,
  notices,
  puppies,
  photosDir,
  visits,
  inquirySources,
  accounts,
  sales,
  litters,
  content,
  backups,
  inFlight,
  triage,
  contracts,
  family,
  picks,
  removePhotos,
  httpsStatus = () => ({ domain: null }),
}: AppDeps) {
  const styles = loadInlineStyles(manifest);
  // What the pages show, and the one list of its sources: a change of any renders the pages again.
  const pageData = {
    read: () => {
      // The puppies with their litters: the very same object with one born litter (decision 121).
      const shown = withLitters(puppies.page(), puppies.pageIds(), {
        data: litters.data(),
        today: todayIn(config.notify.timeZone),
        photo: puppies.photo,
      });
      return {
        puppies: shown,
        content: content.page(shown, puppies.stillTheSeed()),
        nextLitters: nextLittersPage(litters.litters()),
      };
    },
    // The litters' source fires only for what the page shows (never for a family joining a waitlist).
    sources: [puppies, content, { onChange: litters.onPageChange }],
  };
  // What a family may name: the puppies offered, and each planned litter while it is shown.
  const offered = namesWithLitters(puppies, litters);
  const waitlist = {
    join: async (inquiry: Inquiry) => {
      if (!isWaitlistInquiry(inquiry)) return;
      await sales.joinWaitlist(inquiry.id);
      const litter = litterOfChoice(litters.litters(), inquiry.puppy);
      if (litter) await litters.setWaiting(inquiry.id, litter.id);
    },
  };
  // The issue-20 block (the "Next litter" card, /api/next-litter) is the first planned litter.
  const salesWithLitters = {
    ...sales,
    nextLitter: () => nextLitterBlock(litters.litters()),
    setNextLitter: (next: NextLitter) => litters.setBlock(next),
  };
  const pages = createPageHandler(manifest, styles.css, config.publicUrl, pageData);
  // Each change of her sign-in details is emailed to her, create-admin's as soon as it is seen.
  const accountChanges = new AccountChanges(notices, accounts, logger);
  // Sign-in sees users.json with the account page's changes laid over it (decision 101).
  const users = withAccountSettings(store, accounts, accountChanges.seen);
  // create-admin may have run while the server was stopped: told now.
  store.listUsers().then(
    (list) => list.forEach(accountChanges.seen),
    (error: unknown) => logger.error('account notice', { error: String(error) }),
  );
  const sessionLog = new SessionLog(accounts, (error) => logger.error('sessions', { error: String(error) }));
  const sessions = new Sessions(users, Date.now, sessionLog);
  const twoStep = new TwoStep(accounts);
  const passkeys = new Passkeys(accounts, config.publicUrl);
  const { smtp, notifyEmails, mailFrom, timeZone } = config.notify;
  const alerts = new NewDeviceAlerts(
    accounts,
    smtp && notifyEmails.length > 0
      ? {
          sender: createMailSender(smtp),
          settings: { from: mailFrom, to: notifyEmails, timeZone, publicUrl: config.publicUrl },
        }
      : undefined,
    logger,
  );
  // One throttle for passwords and codes: a code counts against the user whose password was right.
  const signInThrottle = createLoginThrottle({
    username: (req, res) =>
      normalizeUsername(
        (res.locals.signingIn as User | undefined)?.username ?? (req.body as { username: string }).username,
      ),
    logger,
  });
  const security = securityHeaders([styles.hash]);
  // One budget per client for the API and the scripts-off form alike.
  const inquiryLimit = inquiryRateLimit(config.inquiryRateLimits);
  const adminOnly = requireUser(sessions);
  // The admin API's private reads (inquiries, the inbox, notices) refuse other sites' requests.
  const crossSiteReadsRefused = sameOriginReads();
  // Days are the breeder's days: TZ, the zone the notices write times in.
  const visitCounter = new VisitCounter(visits, config.notify.timeZone);
  const attribution = inquiryAttribution(visitCounter, inquirySources);
  const sources = { record: attribution.record };
  const sourceOf = attribution.sourceOf;
  // The contact form's time trap, signed with a key of its own (decision 113).
  const timers = new FormTimers(sessionSigningKey);
  const onPuppiesError = (error: unknown) => logger.error('puppies', { error: String(error) });
  const familyDeps = {
    store,
    sales,
    puppies,
    content,
    litters,
    family: family.family,
    emailOn: family.emailOn,
    publicUrl: config.publicUrl,
    cardPayments: config.stripeWebhookSecret !== undefined,
    photos: { find: puppies.photo, remove: removePhotos },
    proofs: family.proofs,
    // "Read and sign" on the family's page (issue 30).
    // "Apply" on the family's page once she asked them to (issue 29): attached to their inquiry.
    application: familyApplication({
      applications,
      litters,
      sales,
      brand: () => content.familyFacts().brand,
      notify: async (inquiry: Inquiry, litterName: string) => {
        if (!family.noticeTo) return;
        const brand = content.familyFacts().brand;
        await family.family.queueMails([
          {
            inquiryId: inquiry.id,
            // Her notice of what a family did on their page, as for their questions.
            kind: 'question',
            to: family.noticeTo,
            subject: `New application: ${oneLine(inquiry.name)} for ${oneLine(litterName)}`,
            replyTo: { name: inquiry.name, address: inquiry.email },
            text: `${inquiry.name} (${inquiry.email}) applied for ${litterName} on their family page.\n\nTheir answers are on their inquiry in your inbox, with "Approve" and "Decline".\n\n${brand}`,
          },
        ]);
      },
    }),
    contractOf: (inquiryId: string) => {
      const contract = contracts.service.forInquiry(inquiryId);
      return contract ? { status: contractStatusLabels[statusOf(contract)] } : null;
    },
    picks: {
      view: (inquiryId: string, action: string) =>
        familyPickView({
          data: picks.data(),
          inquiryId,
          litterName: (id) => litters.litters().find((litter) => litter.id === id)?.name ?? '',
          available: (id) => {
            const held = sales.heldPuppyIds();
            return (litters.list().litters.find((litter) => litter.id === id)?.puppyIds ?? []).filter(
              (puppyId) => !held.has(puppyId),
            );
          },
          puppies,
          timeZone: config.notify.timeZone,
          action,
        }),
      choose: picks.choose,
      pass: picks.pass,
    },
    ask: async (inquiry: Inquiry, text: string) => {
      const brand = content.familyFacts().brand;
      await family.family.ask(
        inquiry.id,
        text,
        family.noticeTo
          ? {
              inquiryId: inquiry.id,
              kind: 'question',
              to: family.noticeTo,
              subject: `Question from ${inquiry.name}`,
              // Her "Reply" answers the family, as an inquiry's notice does.
              replyTo: { name: inquiry.name, address: inquiry.email },
              text: `${inquiry.name} (${inquiry.email}) asked on their family page:\n\n${text}\n\nIt is on their inquiry in your inbox.\n\n${brand}`,
            }
          : null,
      );
    },
  };

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.use(privateByDefault);
  app.use(requestLog(logger));
  app.use(limitUrlLength);
  app.use(security.middleware);
  app.get('/healthz', healthCheck(store));
  if (devReload) app.use(devReload);

  app.use(staticFiles());
  app.use(mediaFiles(photosDir));
  app.use(seoRoutes(config.publicUrl, () => pageData.read().content));

  // Only the API and the admin pages read a session; the public page needs no cookie work.
  app.use(['/api', '/admin'], sessionCookies(sessionSigningKey));

  app.use('/api', sameOriginOnly());
  // The landing page's beacon is a form-encoded body (what sendBeacon sends without a preflight):
  // before the rule that API bodies are JSON.
  app.use('/api', visitBeacon({ counter: visitCounter, sessions }));
  // A photo's bytes are the body: mounted before the rule that API bodies are JSON, and before
  // the API compression, which would hold back the streamed progress.
  app.use('/api', photoUpload({ upload: puppies.upload, requireUser: adminOnly, onError: onPuppiesError }));
  // Stripe's signed events: raw bytes, so before the JSON-only rule (issue 28; only when set up).
  if (config.stripeWebhookSecret)
    app.use(
      '/api',
      stripeWebhook({
        secret: config.stripeWebhookSecret,
        family: family.family,
        sales,
        listInquiries: () => store.listInquiries(),
        timeZone: config.notify.timeZone,
        logger,
      }),
    );
  app.use('/api', jsonBody());
  app.use('/api', compressApi());
  app.use('/api', triageRoutes({ timers, triage, store, notices, waitlist, requireUser: adminOnly, logger }));
  app.use(
    '/api',
    inquiryRoutes({
      store,
      logger,
      notices,
      rateLimit: inquiryLimit,
      requireUser: adminOnly,
      sameOriginReads: crossSiteReadsRefused,
      puppies: offered,
      waitlist,
      sources,
      sourceOf,
      inFlight,
      triage,
      timerOf: (req) => timers.check(req.get(FORM_TIMER_HEADER)),
      hidden: (id) => triage.isHidden(id),
    }),
  );
  app.use(
    '/api',
    authRoutes({
      store: users,
      logger,
      sessions,
      throttle: signInThrottle,
      twoStep,
      alerts,
      passkeys,
      findUserById: users.findUserById,
      accountChanges,
    }),
  );
  app.use(
    '/api',
    accountRoutes({
      sessions,
      requireUser: adminOnly,
      sameOriginReads: crossSiteReadsRefused,
      twoStep,
      throttle: signInThrottle,
      logger,
      accounts,
      sessionLog,
      passkeys,
      findUserById: users.findUserById,
      accountChanges,
    }),
  );

  // The admin API: every route behind the session and the same-origin rule (pipeline.ts).
  const admin = adminApi({ requireUser: adminOnly, sameOriginReads: crossSiteReadsRefused });
  littersApi(admin.routes, {
    litters,
    puppies,
    waitlist: sales.waitlistIds,
    meetTheParents: () => {
      const { mother, father } = content.published().parents;
      return { mothers: mother ? [mother.name] : [], fathers: father ? [father.name] : [] };
    },
  });
  puppiesApi(admin.routes, {
    puppies,
    sameLitter: (id, other) => litters.litterOf(id)?.id === litters.litterOf(other)?.id,
  });
  contentApi(admin.routes, {
    content,
    userOf: async (req) => (await sessions.currentUser(req))?.username ?? '',
    // A build photo by its own name only: "constructor" is no photo.
    photo: (id) => puppies.photo(id) ?? (Object.hasOwn(images, id) ? images[id] : undefined),
  });
  inboxRoutes(admin.routes, {
    // A family's question from their page makes the inquiry "New" until she opens it, and the
    // search finds it like a note (issue 28).
    store: {
      listInquiries: () => store.listInquiries(),
      async inquiryReads() {
        const reads = await store.inquiryReads();
        const unseen = family.family.unseenQuestions();
        if (unseen.size === 0) return reads;
        const shown = new Map(reads);
        for (const id of unseen) shown.delete(id);
        return shown;
      },
      async markInquiryRead(id) {
        const readAt = await store.markInquiryRead(id);
        if (readAt !== null) await family.family.seeQuestions(id);
        return readAt;
      },
    },
    // The search looks through her notes, the family's questions and an application's answers.
    sales: {
      ...sales,
      notesOf: (id) => applications.searchableNotes(id, family.family.searchableNotes(id, sales.notesOf(id))),
    },
    sources: inquirySources,
    triage,
    applicationText: applications.asText,
  });
  salesRoutes(admin.routes, { store, sales: salesWithLitters, puppies, waitingFor: litters.lineOf });
  noticesApi(admin.routes, { notices });
  picksApi(admin.routes, { picks });
  applicationsApi(admin.routes, {
    applications,
    sales,
    litters,
    findInquiry: async (id) => (await store.listInquiries()).find((inquiry) => inquiry.id === id),
    mailFamily: family.emailOn ? (mail) => family.family.queueMails([{ ...mail, kind: 'update' }]) : null,
    brand: () => content.familyFacts().brand,
    hasFamilyPage: (inquiryId) => family.family.activeLink(inquiryId) !== undefined,
  });
  familyProofRoutes(admin.routes, familyDeps);
  visitsRoutes(admin.routes, {
    counts: visits,
    counter: visitCounter,
    // Leads only: likely spam held back is no inquiry of hers (decision 113).
    store: { listInquiries: async () => triage.visible(await store.listInquiries()) },
    sources: inquirySources,
  });
  contractRoutes(admin.routes, {
    contracts: contracts.service,
    userOf: async (req) => (await sessions.currentUser(req))?.username ?? '',
    sendLink: contracts.sendLink,
  });
  familyApi(admin.routes, familyDeps);
  httpsApi(admin.routes, { status: httpsStatus });
  app.use('/api', admin.router);
  app.use(
    '/api',
    backupApi({
      ...backups,
      requireUser: adminOnly,
      sameOriginReads: crossSiteReadsRefused,
      onError: (error) => logger.error('backup', { error: String(error) }),
    }),
  );
  app.use('/api', (req, res) => sendError(req, res, 404, 'No such API endpoint.'));

  app.use(familyPages({ ...familyDeps, limits: config.familyPageLimits }));
  // The family's application (issue 29): the contact form's limit, honeypot and checks.
  app.use(
    applyRoutes({
      store,
      logger,
      notices,
      applications,
      litters,
      sales,
      brand: () => content.familyFacts().brand,
      rateLimit: inquiryLimit,
      sources,
      sourceOf,
      inFlight,
      triage,
    }),
  );
  app.use(
    contactFormRoutes({
      store,
      logger,
      notices,
      pages,
      rateLimit: inquiryLimit,
      puppies: offered,
      waitlist,
      sources,
      sourceOf,
      inFlight,
      triage,
    }),
  );
  // The family's signing page: opened by the contract's own link or the family page's (issue 28).
  app.use(
    familyContractPage({
      contracts: contracts.service,
      // The contract's own link, or the family page's (issue 28): its newest contract.
      access: {
        contractFor: (token) => {
          const own = contracts.service.byToken(token);
          if (own) return own;
          const found = family.family.lookup(token);
          return found.state === 'active' ? contracts.service.forInquiry(found.link.inquiryId) : undefined;
        },
      },
      assets: manifest.contract,
      kennel: contracts.kennel,
      timeZone: contracts.timeZone,
      onSigned: contracts.wakeMailer,
    }),
  );
  app.use(
    sitePreview({
      pages,
      content,
      puppies,
      guard: async (req, res, next) => {
        if (await sessions.currentUser(req)) next();
        else res.redirect(303, paths.login);
      },
    }),
  );
  // The puppies are managed inside their litters (issue 27): the litter manager's old address,
  // bookmarked on her phone, opens the litters (a signed-out visitor then meets the login page).
  app.get([paths.puppies, `${paths.puppies}/`], (_req, res) => res.redirect(301, paths.litters));
  app.get('/{*splat}', pageAccessGuard(sessions), pages.handle);
  app.use(unmatchedRequest);

  app.use(errorHandler);

  // GET / is the hot path: answered from memory before Express sees the request (it logs itself).
  const landing = landingFastPath({
    pages,
    security,
    logger,
    publicUrl: config.publicUrl,
    trust: app.get('trust proxy fn') as TrustProxy,
  });
  const listener: RequestListener = (req, res) => {
    let answered = false;
    try {
      answered = landing(req, res);
    } catch (error) {
      // Outside Express nothing else would catch it, and an uncaught error would stop the process.
      logger.error('landing', { error: String(error) });
      if (res.headersSent) {
        res.destroy();
        return;
      }
    }
    if (!answered) app(req, res);
  };
  return listener;
}
