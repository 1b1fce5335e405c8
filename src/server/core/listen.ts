import type http from 'node:http';
import type https from 'node:https';
import type { AddressInfo } from 'node:net';

/**
 * Listens, and says where ("listening on http://localhost:3000", which the tests read too); when
 * it cannot, prints why in words naming the variable to change, and exits 1.
 */
export function listenOn(
  server: http.Server | https.Server,
  at: { host: string; port: number; variable: string; scheme: 'http' | 'https' },
): Promise<void> {
  const { host, port, variable, scheme } = at;
  return new Promise((resolve) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      const where = `${host}:${port}`;
      const reason =
        error.code === 'EADDRINUSE'
          ? `port ${port} is already in use (set ${variable} to another port)`
          : error.code === 'EACCES'
            ? `no permission to listen on ${where} (a port below 1024 needs root or CAP_NET_BIND_SERVICE; in Docker, the compose file's sysctl allows it)`
            : error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND'
              ? `HOST ${host} is not an address of this machine (set HOST to one of its addresses, 0.0.0.0 or ::)`
              : error.message;
      console.error(`Cannot listen on ${where}: ${reason}`);
      process.exit(1);
    });
    server.listen(port, host, () => {
      const { port: actual } = server.address() as AddressInfo;
      const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
      console.log(`listening on ${scheme}://${shown}:${actual}`);
      resolve();
    });
  });
}
