import type { AddressInfo } from 'node:net';
import { openJsonStore } from '../storage/json-store';
import { createApp } from './app';
import { loadManifest } from './assets';
import { loadConfig } from './config';
import { loadSessionSecret } from './session-secret';

/** The only module with side effects: read config, open storage, listen, stop on signals. */
async function main() {
  const config = loadConfig();
  const store = await openJsonStore(config.dataDir);
  const app = createApp({
    config,
    store,
    manifest: loadManifest(),
    sessionSecret: await loadSessionSecret(config),
  });
  const server = app.listen(config.port, config.host, () => {
    const { port } = server.address() as AddressInfo;
    const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    console.log(`listening on http://${host}:${port}`);
  });

  const stop = () => {
    server.close(async () => {
      await store.close();
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
