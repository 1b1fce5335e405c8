import http from 'node:http';
import https from 'node:https';

/** Limits that keep slow or oversized clients from holding the process. */
const serverLimits = {
  /** Request line plus headers: larger ones get 431 from Node itself. */
  maxHeaderSize: 16 * 1024,
  /** A client must finish sending its headers within this time (slowloris). */
  headersTimeout: 10_000,
  /** ... and the whole request within this time. */
  requestTimeout: 30_000,
  keepAliveTimeout: 5_000,
  /** How often Node checks the two timeouts above (its default, 30 s, lets slow clients linger). */
  connectionsCheckingInterval: 1_000,
} as const;

/** Grace period for in-flight requests and writes on SIGTERM/SIGINT. */
export const SHUTDOWN_GRACE_MS = 8_000;

export function createHttpServer(listener: http.RequestListener): http.Server {
  return http.createServer({ ...serverLimits }, listener);
}

/**
 * The same server over TLS, with DOMAIN set (decision 122). A renewed certificate is put in with
 * `server.setSecureContext`: new connections get it, open ones keep theirs, nothing is dropped.
 */
export function createHttpsServer(
  listener: http.RequestListener,
  certificate: { key: string; chain: string },
): https.Server {
  return https.createServer({ ...serverLimits, key: certificate.key, cert: certificate.chain }, listener);
}

/**
 * Stops accepting connections, lets in-flight requests finish, then runs `flush` (pending
 * writes). Connections still busy after the grace period are cut so the process exits in time.
 */
export function closeGracefully(
  server: http.Server | https.Server,
  flush: () => Promise<void>,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    force.unref();
    server.close(() => {
      clearTimeout(force);
      flush().then(resolve, reject);
    });
    server.closeIdleConnections();
  });
}
