import type { RequestListener } from 'node:http';
import express from 'express';
import { accountApi, authRoutes, pageAccessGuard, sessionCookies } from '../features/account';
import { applicationsApi, applyRoutes } from '../features/applications';
import { backupApi } from '../features/backup';
import { contractRoutes, familyContractPage } from '../features/contracts';
import { familyApi, familyPages, familyProofRoutes, stripeWebhook } from '../features/family';
import { inboxRoutes } from '../features/inbox';
import {
  contactFormRoutes,
  formTimerRoute,
  inquiriesApi,
  inquiryRoutes,
  triageApi,
} from '../features/inquiries';
import { littersApi } from '../features/litters';
import { noticesApi } from '../features/notices';
import { picksApi } from '../features/picks';
import { mediaFiles, photoUpload, puppiesApi } from '../features/puppies';
import { salesRoutes } from '../features/sales';
import { contentApi, sitePreview } from '../features/site';
import { visitBeacon, visitsRoutes } from '../features/visits';
import { paths } from '../shared/routes';
import type { Services } from './compose';
import { privateByDefault } from './http/cache-control';
import { compressApi } from './http/compress-api';
import { errorHandler, sendError } from './http/errors';
import { healthCheck } from './http/health';
import { jsonBody } from './http/json-body';
import { adminApi } from './http/pipeline';
import { limitUrlLength } from './http/request-limits';
import { requestLog } from './http/request-log';
import { sameOriginOnly } from './http/same-origin';
import { httpsApi } from './https';
import { landingFastPath } from './pages/landing-fast-path';
import type { TrustProxy } from './pages/origin';
import { seoRoutes } from './pages/seo-routes';
import { staticFiles } from './pages/static-files';
import { unmatchedRequest } from './pages/unmatched';

/**
 * The route table: builds the request listener from the composed services (compose.ts), the
 * landing hot path first, then the Express app, middleware in reading order. main.ts is the only
 * place that listens; nothing is built here but the routes.
 */
export function createApp(s: Services): RequestListener {
  const { config, store, logger, family, contracts } = s;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.use(privateByDefault);
  app.use(requestLog(logger));
  app.use(limitUrlLength);
  app.use(s.security.middleware);
  app.get('/healthz', healthCheck(store));
  if (s.devReload) app.use(s.devReload);

  app.use(staticFiles());
  app.use(mediaFiles(s.photosDir));
  app.use(seoRoutes(config.publicUrl, () => s.pageData.read().content));

  // Only the API and the admin pages read a session; the public page needs no cookie work.
  app.use(['/api', '/admin'], sessionCookies(s.sessionSigningKey));

  app.use('/api', sameOriginOnly());
  // The landing page's beacon is a form-encoded body (what sendBeacon sends without a preflight):
  // before the rule that API bodies are JSON.
  app.use('/api', visitBeacon({ counter: s.visitCounter, sessions: s.sessions }));
  // A photo's bytes are the body: mounted before the rule that API bodies are JSON, and before
  // the API compression, which would hold back the streamed progress.
  app.use(
    '/api',
    photoUpload({ upload: s.puppies.upload, requireUser: s.adminOnly, onError: s.onPuppiesError }),
  );
  // Stripe's signed events: raw bytes, so before the JSON-only rule (issue 28; only when set up).
  if (config.stripeWebhookSecret)
    app.use(
      '/api',
      stripeWebhook({
        secret: config.stripeWebhookSecret,
        family: family.family,
        sales: s.sales,
        listInquiries: () => store.listInquiries(),
        timeZone: config.notify.timeZone,
        logger,
      }),
    );
  app.use('/api', jsonBody());
  app.use('/api', compressApi());
  // The public parts of the inquiries' API: the contact form's timer, and its submission.
  app.use('/api', formTimerRoute(s.timers));
  app.use(
    '/api',
    inquiryRoutes({
      store,
      logger,
      notices: s.notices,
      rateLimit: s.inquiryLimit,
      puppies: s.offered,
      waitlist: s.waitlist,
      sources: s.sources,
      sourceOf: s.sourceOf,
      inFlight: s.inFlight,
      triage: s.triage,
      timerOf: s.timerOf,
    }),
  );
  app.use(
    '/api',
    authRoutes({
      store: s.users,
      logger,
      sessions: s.sessions,
      throttle: s.signInThrottle,
      twoStep: s.twoStep,
      alerts: s.alerts,
      passkeys: s.passkeys,
      findUserById: s.users.findUserById,
      accountChanges: s.accountChanges,
    }),
  );

  // The admin API: every route behind the session and the same-origin rule (pipeline.ts).
  const admin = adminApi({ requireUser: s.adminOnly, sameOriginReads: s.crossSiteReadsRefused });
  inquiriesApi(admin.routes, { store, hidden: (id) => s.triage.isHidden(id) });
  triageApi(admin.routes, {
    triage: s.triage,
    store,
    notices: s.notices,
    waitlist: s.waitlist,
    logger,
  });
  accountApi(admin.routes, {
    sessions: s.sessions,
    twoStep: s.twoStep,
    throttle: s.signInThrottle,
    logger,
    accounts: s.accounts,
    sessionLog: s.sessionLog,
    passkeys: s.passkeys,
    findUserById: s.users.findUserById,
    accountChanges: s.accountChanges,
  });
  littersApi(admin.routes, {
    litters: s.litters,
    puppies: s.puppies,
    waitlist: s.sales.waitlistIds,
    meetTheParents: s.meetTheParents,
  });
  puppiesApi(admin.routes, { puppies: s.puppies, sameLitter: s.sameLitter });
  contentApi(admin.routes, { content: s.content, photo: s.sitePhoto });
  inboxRoutes(admin.routes, {
    store: s.inboxStore,
    sales: s.inboxSales,
    sources: s.inquirySources,
    triage: s.triage,
    applicationText: s.applications.asText,
  });
  salesRoutes(admin.routes, {
    store,
    sales: s.salesWithLitters,
    puppies: s.puppies,
    waitingFor: s.litters.lineOf,
  });
  noticesApi(admin.routes, { notices: s.notices });
  picksApi(admin.routes, { picks: s.picks });
  applicationsApi(admin.routes, {
    applications: s.applications,
    sales: s.sales,
    litters: s.litters,
    findInquiry: s.findInquiry,
    mailFamily: s.mailFamily,
    brand: s.brand,
    hasFamilyPage: s.hasFamilyPage,
  });
  familyProofRoutes(admin.routes, s.familyDeps);
  visitsRoutes(admin.routes, {
    counts: s.visits,
    counter: s.visitCounter,
    store: s.leads,
    sources: s.inquirySources,
  });
  contractRoutes(admin.routes, {
    contracts: contracts.service,
    sendLink: contracts.sendLink,
  });
  familyApi(admin.routes, s.familyDeps);
  httpsApi(admin.routes, { status: s.httpsStatus });
  backupApi(admin.routes, { ...s.backups, onError: s.onBackupError });
  app.use('/api', admin.router);
  app.use('/api', (req, res) => sendError(req, res, 404, 'No such API endpoint.'));

  app.use(familyPages({ ...s.familyDeps, limits: config.familyPageLimits }));
  // The family's application (issue 29): the contact form's limit, honeypot and checks.
  app.use(
    applyRoutes({
      store,
      logger,
      notices: s.notices,
      applications: s.applications,
      litters: s.litters,
      sales: s.sales,
      brand: s.brand,
      rateLimit: s.inquiryLimit,
      sources: s.sources,
      sourceOf: s.sourceOf,
      inFlight: s.inFlight,
      triage: s.triage,
    }),
  );
  app.use(
    contactFormRoutes({
      store,
      logger,
      notices: s.notices,
      pages: s.pages,
      rateLimit: s.inquiryLimit,
      puppies: s.offered,
      waitlist: s.waitlist,
      sources: s.sources,
      sourceOf: s.sourceOf,
      inFlight: s.inFlight,
      triage: s.triage,
    }),
  );
  // The family's signing page: opened by the contract's own link or the family page's (issue 28).
  app.use(
    familyContractPage({
      contracts: contracts.service,
      access: s.contractAccess,
      assets: s.manifest.contract,
      kennel: contracts.kennel,
      timeZone: contracts.timeZone,
      onSigned: contracts.wakeMailer,
    }),
  );
  app.use(sitePreview({ pages: s.pages, content: s.content, puppies: s.puppies, guard: s.previewGuard }));
  // The puppies are managed inside their litters (issue 27): the litter manager's old address,
  // bookmarked on her phone, opens the litters (a signed-out visitor then meets the login page).
  app.get([paths.puppies, `${paths.puppies}/`], (_req, res) => res.redirect(301, paths.litters));
  app.get('/{*splat}', pageAccessGuard(s.sessions), s.pages.handle);
  app.use(unmatchedRequest);

  app.use(errorHandler);

  // GET / is the hot path: answered from memory before Express sees the request (it logs itself).
  const landing = landingFastPath({
    pages: s.pages,
    security: s.security,
    logger,
    publicUrl: config.publicUrl,
    trust: app.get('trust proxy fn') as TrustProxy,
  });
  return (req, res) => {
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
}
