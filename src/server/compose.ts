import images from 'virtual:images';
import type { Request, RequestHandler } from 'express';
import {
  AccountChanges,
  createLoginThrottle,
  NewDeviceAlerts,
  Passkeys,
  requireUser,
  SessionLog,
  Sessions,
  TwoStep,
  withAccountSettings,
} from '../features/account';
import { type Applications, type applicationsApi, familyApplication } from '../features/applications';
import type { BackupService, makeBackup } from '../features/backup';
import { type Contracts, contractStatusLabels, statusOf } from '../features/contracts';
import type { FamilyFeature } from '../features/family';
import { FormTimers, type InquiryTriage, inquiryRateLimit } from '../features/inquiries';
import { type LitterService, withLitters } from '../features/litters';
import type { Notices } from '../features/notices';
import { createMailSender, oneLine } from '../features/notices';
import { familyPickView, type PicksService } from '../features/picks';
import type { PuppyService } from '../features/puppies';
import type { NextLitter, SalesService } from '../features/sales';
import {
  isWaitlistInquiry,
  litterOfChoice,
  namesWithLitters,
  nextLitterBlock,
  nextLittersPage,
} from '../features/sales';
import type { ContentService } from '../features/site';
import { todayIn } from '../features/site';
import { inquiryAttribution, VisitCounter } from '../features/visits';
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
import { sameOriginReads } from './http/same-origin';
import { securityHeaders } from './http/security-headers';
import { loadInlineStyles } from './pages/assets';
import { createPageHandler } from './pages/page-cache';
import { openServices, type StartOptions } from './start-services';

/** What openServices (start-services.ts) opened and started (main.ts closes them on shutdown). */
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
  /** The inquiry notices, started by openServices (main.ts stops them on shutdown). */
  notices: Notices;
  /** The breeder's puppies and their photos (DATA_DIR/puppies.json), opened by openServices. */
  puppies: PuppyService;
  /** Where the uploaded photos' files are (DATA_DIR/photos). */
  photosDir: string;
  /** The scheduled backups (started by openServices) and a fresh archive of the data, for downloads. */
  backups: { service: BackupService; newBackup: () => ReturnType<typeof makeBackup> };
  /** The page views per day (DATA_DIR/visits.json), opened by openServices (written on shutdown). */
  visits: VisitCounts;
  /** Where each inquiry's visit came from (DATA_DIR/inquiry-sources.json), opened by openServices. */
  inquirySources: InquirySources;
  /** What the breeder sets on her account page (DATA_DIR/account.json), opened by openServices. */
  accounts: AccountFile;
  /** Statuses, notes, reservations (DATA_DIR/sales.json), opened by openServices. */
  sales: SalesService;
  /** The litters (DATA_DIR/litters.json), opened after the puppies and the sales. */
  litters: LitterService;
  /** The page's words, facts and photos (DATA_DIR/site.json), opened by openServices. */
  content: ContentService;
  /** Submissions under way, which main.ts's shutdown lets finish before it closes the stores. */
  inFlight?: InFlight;
  /** Likely spam held back from the inbox (DATA_DIR/inquiry-triage.json), opened by openServices. */
  triage: InquiryTriage;
  /** Her agreement template and the contracts (DATA_DIR/contracts.json), opened by openServices. */
  contracts: Contracts;
  /** Each family's page (DATA_DIR/family.json) and the emails to families, started by openServices. */
  family: FamilyFeature;
  /** Pick day (DATA_DIR/picks.json), opened by openServices with its timer. */
  picks: PicksService;
  /** Deletes the files of uploaded photos (a deleted update's): they stop being served. */
  removePhotos: (ids: string[]) => Promise<void>;
  /** How the site's own certificate is doing (DOMAIN set), for the dashboard's warning. */
  httpsStatus?: () => HttpsStatus | HttpsOff;
}

/**
 * The composition: the one call of the process's start (main.ts). What the features keep is opened
 * and started by openServices (start-services.ts, in the order the data needs), then the services
 * the features share are built from it, once. `running` is what the process stops and closes on
 * shutdown.
 */
export async function startServices(options: StartOptions) {
  const { deps, running } = await openServices(options);
  return { services: composeServices(deps), running };
}

/**
 * The services the features share, built once from what openServices opened; each feature gets
 * only what it uses. No request is answered here: the route table (app.ts) mounts the features'
 * routes with these.
 */
function composeServices(deps: AppDeps) {
  const {
    config,
    applications,
    store,
    manifest,
    sessionSigningKey,
    logger,
    notices,
    puppies,
    visits,
    inquirySources,
    accounts,
    sales,
    litters,
    content,
    triage,
    contracts,
    family,
    picks,
    removePhotos,
  } = deps;
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
    // "Read and sign" on the family's page (issue 30).
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

  const brand = () => content.familyFacts().brand;
  const mailFamily: Parameters<typeof applicationsApi>[1]['mailFamily'] = family.emailOn
    ? (mail) => family.family.queueMails([{ ...mail, kind: 'update' }])
    : null;
  return {
    ...deps,
    httpsStatus: deps.httpsStatus ?? (() => ({ domain: null })),
    styles,
    pageData,
    offered,
    waitlist,
    salesWithLitters,
    pages,
    accountChanges,
    users,
    sessionLog,
    sessions,
    twoStep,
    passkeys,
    alerts,
    signInThrottle,
    security,
    inquiryLimit,
    adminOnly,
    crossSiteReadsRefused,
    visitCounter,
    sources,
    sourceOf,
    timers,
    onPuppiesError,
    familyDeps,
    brand,
    mailFamily,
    timerOf: (req: Request) => timers.check(req.get(FORM_TIMER_HEADER)),
    /** Her parents' names for a litter's form: the ones Meet the Parents shows. */
    meetTheParents: () => {
      const { mother, father } = content.published().parents;
      return { mothers: mother ? [mother.name] : [], fathers: father ? [father.name] : [] };
    },
    sameLitter: (id: string, other: string) => litters.litterOf(id)?.id === litters.litterOf(other)?.id,
    // A build photo by its own name only: "constructor" is no photo.
    sitePhoto: (id: string) => puppies.photo(id) ?? (Object.hasOwn(images, id) ? images[id] : undefined),
    // A family's question from their page makes the inquiry "New" until she opens it, and the
    // search finds it like a note (issue 28).
    inboxStore: {
      listInquiries: () => store.listInquiries(),
      async inquiryReads() {
        const reads = await store.inquiryReads();
        const unseen = family.family.unseenQuestions();
        if (unseen.size === 0) return reads;
        const shown = new Map(reads);
        for (const id of unseen) shown.delete(id);
        return shown;
      },
      async markInquiryRead(id: string) {
        const readAt = await store.markInquiryRead(id);
        if (readAt !== null) await family.family.seeQuestions(id);
        return readAt;
      },
    },
    // The search looks through her notes, the family's questions and an application's answers.
    inboxSales: {
      ...sales,
      notesOf: (id: string) =>
        applications.searchableNotes(id, family.family.searchableNotes(id, sales.notesOf(id))),
    },
    findInquiry: async (id: string) => (await store.listInquiries()).find((inquiry) => inquiry.id === id),
    hasFamilyPage: (inquiryId: string) => family.family.activeLink(inquiryId) !== undefined,
    // Leads only: likely spam held back is no inquiry of hers (decision 113).
    leads: { listInquiries: async () => triage.visible(await store.listInquiries()) },
    // The signing page: the contract's own link, or the family page's (issue 28): its newest contract.
    contractAccess: {
      contractFor: (token: string) => {
        const own = contracts.service.byToken(token);
        if (own) return own;
        const found = family.family.lookup(token);
        return found.state === 'active' ? contracts.service.forInquiry(found.link.inquiryId) : undefined;
      },
    },
    /** The draft preview: signed in, else the login page. */
    previewGuard: (async (req, res, next) => {
      if (await sessions.currentUser(req)) next();
      else res.redirect(303, paths.login);
    }) satisfies RequestHandler,
    onBackupError: (error: unknown) => logger.error('backup', { error: String(error) }),
  };
}

export type Services = ReturnType<typeof composeServices>;
