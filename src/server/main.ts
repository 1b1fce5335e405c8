import type http from 'node:http';
import path from 'node:path';
import images from 'virtual:images';
import { openApplications } from '../features/applications';
import {
  createBackupService,
  listenControlSocket,
  makeBackup,
  s3Store,
  saveArchive,
} from '../features/backup';
import { startContracts } from '../features/contracts';
import { startFamily } from '../features/family';
import { InquiryEraser, InquiryTriage } from '../features/inquiries';
import { openLitterService } from '../features/litters';
import { startNotices } from '../features/notices';
import { clockFrom, openPicks } from '../features/picks';
import { createPhotoLibrary, openPuppyService, seedPuppies } from '../features/puppies';
import { joinWaitlistAfterCrash, openSalesService } from '../features/sales';
import { openContentService } from '../features/site';
import { makeDataDir } from '../storage/data-dir';
import { removeStaleSnapshots } from '../storage/snapshot';
import { openStorage } from '../storage/storage';
import { upgradeDataDir } from '../storage/upgrade';
import { createApp } from './app';
import { composeServices } from './compose';
import { loadConfig } from './core/config';
import { closeGracefully, createHttpServer, SHUTDOWN_GRACE_MS } from './core/http-server';
import type { HttpsConfig } from './core/https-config';
import { InFlight } from './core/in-flight';
import { listenOn } from './core/listen';
import { createLogger } from './core/log';
import { loadSessionSigningKey } from './core/session-signing-key';
import { createDevReload } from './http/dev-reload';
import { Certificates, type HttpsServers, serveHttps } from './https';
import { builtPublicDir, loadManifest } from './pages/assets';

/** Leaves time within the shutdown grace period to write the outbox after a send is cut off. */
const NOTICE_GRACE_MS = SHUTDOWN_GRACE_MS - 3_000;

/**
 * The server process's entry: read config, open storage, listen, stop on signals. The other
 * modules with side effects are the other entries: the worker threads' (the mail thread, the
 * contracts' PDF thread) and the CLI scripts (esbuild.config.ts lists them).
 */
async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  // The data directory is checked by using it: a message that names DATA_DIR, not only fs's.
  const inDataDir = <T>(work: Promise<T>) =>
    work.catch((error: unknown) => {
      throw new Error(
        `DATA_DIR ${config.dataDir} cannot be used: ${error instanceof Error ? error.message : error}`,
      );
    });
  let newBackup: ((passphrase: string | undefined) => ReturnType<typeof makeBackup>) | null = null;
  // First: one server per DATA_DIR, refused when another one answers on the control socket.
  await inDataDir(makeDataDir(config.dataDir));
  const control = await inDataDir(
    listenControlSocket(
      config.dataDir,
      {
        backup: (passphrase) =>
          newBackup ? newBackup(passphrase) : Promise.reject(new Error('The server is still starting')),
      },
      (error) => logger.error('backup', { error: String(error) }),
    ),
  );
  await inDataDir(removeStaleSnapshots(config.dataDir));
  // Files an earlier release wrote are upgraded before anything opens them, after a backup
  // archive of them as they were (decision 120); a file from a newer release refuses the start.
  const upgraded = await inDataDir(
    upgradeDataDir(config.dataDir, {
      async backup() {
        const { name, stream } = await makeBackup(
          { dataDir: config.dataDir, holdWrites: null },
          { app: APP_INFO, passphrase: config.backup.passphrase, label: 'before-upgrade' },
        );
        const file = path.join(config.backup.dir, name);
        await saveArchive(stream, file);
        return file;
      },
    }),
  );
  if (upgraded.upgrades.length > 0)
    logger.info('data upgraded', {
      files: upgraded.upgrades.map((u) => `${u.entry.name} ${u.from} → ${u.to}`).join(', '),
      backup: upgraded.backup,
    });
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
  newBackup = (passphrase) =>
    makeBackup(backupSource, { app: APP_INFO, passphrase: passphrase ?? config.backup.passphrase });
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
  const listener = createApp(
    composeServices({
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
      removePhotos: async (ids) => {
        await library.remove(ids.flatMap((id) => openedPuppies.photo(id) ?? []));
      },
      httpsStatus: () => certificates?.status() ?? { domain: null },
    }),
  );
  // Said before listening: whoever waits for "listening" (a person, a test, an orchestrator)
  // has the hint on screen already.
  if (!(await store.hasUsers()))
    console.log('No admin yet: create one with npm run create-admin -- --username EMAIL');
  const servers = certificates
    ? await serveHttps(config.host, config.https as HttpsConfig, listener, certificates)
    : await listenPlain(config.host, config.port, listener);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutdown', { signal });
    devReload?.close();
    backupService.stop();
    triage.stop();
    // Sends under way get part of the grace period; whatever is unsent stays owed on disk.
    Promise.all([
      // Submissions whose connection the grace timeout cut off are still writing (the source
      // after the inquiry): the stores close once they have finished.
      Promise.all([
        ...servers.servers().map((server) => closeGracefully(server, async () => {})),
        certificates?.stop(),
      ]).then(async () => {
        await inFlight.settled();
        await Promise.all([content.close(), storage.close(), control.close()]);
      }),
      notices.stop(NOTICE_GRACE_MS),
      contracts.stop(),
      picks.close().then(() => family.stop(NOTICE_GRACE_MS)),
    ]).then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error('shutdown failed', { error: String(error) });
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

/** Without DOMAIN: one plain server on PORT, as always (behind a proxy that has the certificate). */
async function listenPlain(
  host: string,
  port: number,
  listener: http.RequestListener,
): Promise<HttpsServers> {
  const server = createHttpServer(listener);
  await listenOn(server, { host, port, variable: 'PORT', scheme: 'http' });
  return { servers: () => [server] };
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
