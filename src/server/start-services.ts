import images from 'virtual:images';
import { openApplications } from '../features/applications';
import { createBackupService, makeBackup, s3Store } from '../features/backup';
import { startContracts } from '../features/contracts';
import { startFamily } from '../features/family';
import { InquiryEraser, InquiryTriage } from '../features/inquiries';
import { openLitterService } from '../features/litters';
import { startNotices } from '../features/notices';
import { clockFrom, openPicks } from '../features/picks';
import { createPhotoLibrary, openPuppyService, seedPuppies } from '../features/puppies';
import { joinWaitlistAfterCrash, openSalesService } from '../features/sales';
import { openContentService } from '../features/site';
import { openStorage } from '../storage/storage';
import type { Config } from './core/config';
import { InFlight } from './core/in-flight';
import type { Logger } from './core/log';
import { loadSessionSigningKey } from './core/session-signing-key';
import { createDevReload } from './http/dev-reload';
import { Certificates } from './https';
import { builtPublicDir, loadManifest } from './pages/assets';

/** What the process hands the start: it keeps the config, the log and the data directory's checks. */
export interface StartOptions {
  config: Config;
  logger: Logger;
  /** The process's check of DATA_DIR by use: a failure's message names DATA_DIR, not only fs's. */
  inDataDir: <T>(work: Promise<T>) => Promise<T>;
  /**
   * Told once the storage is open and its writes can be held (decision 075): the control
   * socket's backups (`npm run backup`) from then on.
   */
  backupsReady: (newBackup: (passphrase: string | undefined) => ReturnType<typeof makeBackup>) => void;
}

/**
 * Opens and starts what the features keep, in the one order the data needs: each step's comment
 * says what it waits for (crash recovery, the upgrade from an earlier release). The process
 * (main.ts) has made the data directory, taken its control socket and upgraded its files first;
 * compose.ts composes the services from what this returns; `running` is what the process stops
 * and closes on shutdown.
 */
export async function openServices({ config, logger, inDataDir, backupsReady }: StartOptions) {
  const storage = await inDataDir(openStorage(config.dataDir));
  const store = storage.records;
  const sessionSigningKey = await inDataDir(loadSessionSigningKey(config, storage));
  // The page's content (site.json; on a first start, today's): the thank-you email follows it too.
  const content = await inDataDir(openContentService({ storage, timeZone: config.notify.timeZone }));
  // Likely spam is held back (issue 32): the notices and the waitlist see only the inbox's inquiries.
  const triage = await inDataDir(
    InquiryTriage.open({
      storage,
      inquiries: await store.listInquiries(),
      logger,
      fastMs: config.spamFastMs,
    }),
  );
  const inboxInquiries = { listInquiries: async () => triage.visible(await store.listInquiries()) };
  const notices = await inDataDir(
    startNotices({
      config,
      storage,
      listInquiries: inboxInquiries.listInquiries,
      logger,
      acknowledgement: () => content.acknowledgement(),
    }),
  );
  const devReload = DEV_RELOAD ? createDevReload() : undefined;
  const library = createPhotoLibrary(storage.photos);
  const sales = await inDataDir(openSalesService({ storage }));
  // Each family's page (issue 28): family.json, the emails to families, the go-home reminders.
  const family = await inDataDir(
    startFamily({
      config,
      storage,
      sales,
      listInquiries: () => store.listInquiries(),
      brand: () => content.familyFacts().brand,
      logger,
    }),
  );
  // The past puppies' family photos are uploads no puppy uses: never forgotten as abandoned.
  const familyPhotos = new Set(
    Object.values((await inDataDir(storage.readLitters()))?.families ?? {}).flatMap((family) =>
      family.photo ? [family.photo.id] : [],
    ),
  );
  const openedPuppies = await inDataDir(
    openPuppyService({
      storage,
      library,
      // A first start: today's puppies, with the photos the build encoded.
      seed: () => seedPuppies(library, images, builtPublicDir),
      onError: (error) => logger.error('puppies', { error: String(error) }),
      // The page's photos, the updates' photos and the past puppies' family photos are kept by the start's clean-up.
      inUse: () => new Set([...content.photoIds(), ...family.family.photoIds(), ...familyPhotos]),
      // The public page shows a reserved puppy as such and does not offer it: rendered again when
      // the reservations change, not for every note or status.
      reservations: { ...sales, onChange: sales.onReservationsChange },
    }),
  );
  // A crash between the two writes of "Went home" is mended at start (see reconcile).
  await inDataDir(sales.reconcile(openedPuppies.statusOf));
  /**
   * A reserved puppy sold (or removed) from the litter manager: its reservation follows before
   * the answer.
   */
  const thenReservations =
    <A extends unknown[], R>(write: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const result = await write(...args);
      await sales.reconcile(openedPuppies.statusOf);
      return result;
    };
  // The litters (decision 121): made on the first start from the puppies, the birth date and the
  // next litter (an earlier release's files, copied first by openStorage); then kept in step.
  const litters = await inDataDir(
    openLitterService({
      storage,
      earlier: () => {
        const site = content.published();
        return {
          puppyIds: openedPuppies.list().puppies.map((puppy) => puppy.id),
          born: site.litter.born,
          mother: site.parents.mother?.name ?? '',
          father: site.parents.father?.name ?? '',
          nextLitter: sales.nextLitter(),
          waitlist: sales.waitlistIds(),
        };
      },
      puppies: () => openedPuppies.list().puppies,
      waitlist: sales.waitlistIds,
      timeZone: config.notify.timeZone,
    }),
  );
  if (storage.beforeLitters)
    logger.info('upgrade', { litters: 'made from the earlier release', kept: storage.beforeLitters });
  await inDataDir(litters.reconcile());
  // The page's {born}, {age} and "Born" tile follow the litter from now on (decision 121).
  content.followLitter(litters.pageBorn);
  // Likewise between a waitlist inquiry, its "On waitlist" and its litter (decisions 094, 121).
  await inDataDir(joinWaitlistAfterCrash(inboxInquiries, sales, litters));
  /** A puppy added or removed: every puppy stays in exactly one litter before the answer. */
  const thenLitters =
    <A extends unknown[], R>(write: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const result = await write(...args);
      await litters.reconcile();
      return result;
    };
  // Pick day (issue 29): picks.json and the timer that moves turns on, re-armed from what is stored.
  const picksClock = clockFrom(config.picksClockFile);
  if (picksClock.moved)
    logger.error('picks', {
      warning: 'PICKS_CLOCK_FILE is set: pick day runs on a moved clock (tests only)',
    });
  const picks = await inDataDir(
    openPicks(
      {
        storage,
        litters,
        puppies: openedPuppies,
        sales,
        family: family.family,
        listInquiries: inboxInquiries.listInquiries,
        emailOn: family.emailOn,
        publicUrl: config.publicUrl,
        brand: () => content.familyFacts().brand,
        timeZone: config.notify.timeZone,
        now: picksClock.now,
        onError: (error) => logger.error('picks', { error: String(error) }),
      },
      { testClock: picksClock.moved },
    ),
  );
  const visits = await inDataDir(
    storage.openVisits({
      onWriteError: (error) => logger.error('visits', { error: String(error) }),
    }),
  );
  const inquirySources = await inDataDir(storage.openInquirySources());
  // Her application's questions and the families' applications (issue 29, decision 131): open
  // before the eraser, which removes a deleted spam inquiry's answers too.
  const applications = await inDataDir(openApplications({ storage }));
  // Deleted likely spam leaves no word in DATA_DIR (decision 113): what a crash or a full disk left
  // half-erased is finished now, then the 30-day rule runs (at start, then hourly).
  const eraser = new InquiryEraser({
    store,
    notices,
    beside: [sales, inquirySources, applications],
    logger,
  });
  await triage.eraseWith((ids) => eraser.eraseOrLog(ids));
  await triage.startPurging();
  const accounts = await inDataDir(storage.openAccounts());
  const puppies = {
    ...openedPuppies,
    create: thenLitters(openedPuppies.create),
    markSold: thenReservations(openedPuppies.markSold),
    remove: thenLitters(thenReservations(openedPuppies.remove)),
  };
  // Backups hold every write of the storage layer for the instant of their snapshot (decision 075).
  const backupSource = { dataDir: config.dataDir, holdWrites: storage.holdWrites };
  backupsReady((passphrase) =>
    makeBackup(backupSource, { app: APP_INFO, passphrase: passphrase ?? config.backup.passphrase }),
  );
  const serverBackup = () =>
    makeBackup(backupSource, { app: APP_INFO, passphrase: config.backup.passphrase });
  const backupService = createBackupService({
    config: config.backup,
    newBackup: serverBackup,
    remote: config.backup.s3 ? s3Store(config.backup.s3) : null,
    logger,
  });
  await backupService.start();
  // Her agreement template and the contracts (contracts.json, the signed PDFs): issue 30.
  const contracts = await inDataDir(
    startContracts({
      config,
      storage,
      store,
      sales,
      content,
      puppies: openedPuppies,
      litters,
      family: family.family,
      logger,
    }),
  );
  const inFlight = new InFlight();
  // With DOMAIN: the certificate kept in DATA_DIR, or the one being ordered (decision 122).
  const certificates = config.https
    ? new Certificates({
        config: config.https,
        document: await inDataDir(storage.openHttpsCertificate()),
        logger,
        // One email per certificate that fails to renew near expiry, through the durable outbox.
        onWarning: (status) => {
          if (!status.notAfter || !status.problem) return;
          const warning = {
            domain: status.domain,
            notAfter: status.notAfter,
            problem: status.problem,
            nextAttempt: status.nextAttempt,
          };
          notices.warnCertificate(warning).catch((error: unknown) => {
            logger.error('https-warning-not-owed', { error: String(error) });
          });
        },
      })
    : undefined;
  return {
    /** What composeServices builds the shared services from. */
    deps: {
      config,
      applications,
      store,
      manifest: loadManifest(),
      sessionSigningKey,
      logger,
      devReload: devReload?.handler,
      notices,
      puppies,
      photosDir: library.dir,
      visits,
      inquirySources,
      accounts,
      sales,
      litters,
      content,
      backups: { service: backupService, newBackup: serverBackup },
      inFlight,
      triage,
      contracts,
      family,
      picks,
      removePhotos: async (ids: string[]) => {
        await library.remove(ids.flatMap((id) => openedPuppies.photo(id) ?? []));
      },
      httpsStatus: () => certificates?.status() ?? { domain: null },
    },
    /** What the process stops and closes on shutdown, and serves HTTPS with. */
    running: {
      storage,
      content,
      triage,
      notices,
      family,
      picks,
      contracts,
      backupService,
      inFlight,
      devReload,
      certificates,
    },
  };
}
