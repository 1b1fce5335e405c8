import type http from 'node:http';
import path from 'node:path';
import { listenControlSocket, makeBackup, saveArchive } from '../features/backup';
import { makeDataDir } from '../storage/data-dir';
import { removeStaleSnapshots } from '../storage/snapshot';
import { upgradeDataDir } from '../storage/upgrade';
import { createApp } from './app';
import { startServices } from './compose';
import { loadConfig } from './core/config';
import { closeGracefully, createHttpServer, SHUTDOWN_GRACE_MS } from './core/http-server';
import type { HttpsConfig } from './core/https-config';
import { listenOn } from './core/listen';
import { createLogger } from './core/log';
import { type HttpsServers, serveHttps } from './https';

/** Leaves time within the shutdown grace period to write the outbox after a send is cut off. */
const NOTICE_GRACE_MS = SHUTDOWN_GRACE_MS - 3_000;

/**
 * The server process's entry: read config, take DATA_DIR (its control socket, the upgrade of an
 * earlier release's files), start the services (compose.ts), listen, stop on signals. The other
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
  // Then everything the features keep, opened and started in its order, and composed (compose.ts).
  const { services, running } = await startServices({
    config,
    logger,
    inDataDir,
    backupsReady: (make) => {
      newBackup = make;
    },
  });
  const listener = createApp(services);
  // Said before listening: whoever waits for "listening" (a person, a test, an orchestrator)
  // has the hint on screen already.
  if (!(await services.store.hasUsers()))
    console.log('No admin yet: create one with npm run create-admin -- --username EMAIL');
  const servers = running.certificates
    ? await serveHttps(config.host, config.https as HttpsConfig, listener, running.certificates)
    : await listenPlain(config.host, config.port, listener);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutdown', { signal });
    running.devReload?.close();
    running.backupService.stop();
    running.triage.stop();
    // Sends under way get part of the grace period; whatever is unsent stays owed on disk.
    Promise.all([
      // Submissions whose connection the grace timeout cut off are still writing (the source
      // after the inquiry): the stores close once they have finished.
      Promise.all([
        ...servers.servers().map((server) => closeGracefully(server, async () => {})),
        running.certificates?.stop(),
      ]).then(async () => {
        await running.inFlight.settled();
        await Promise.all([running.content.close(), running.storage.close(), control.close()]);
      }),
      running.notices.stop(NOTICE_GRACE_MS),
      running.contracts.stop(),
      running.picks.close().then(() => running.family.stop(NOTICE_GRACE_MS)),
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
