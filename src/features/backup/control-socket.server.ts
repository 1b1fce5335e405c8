import http from 'node:http';
import type { Readable } from 'node:stream';
import { controlSocketPath, removeStaleControlSocket, restrictControlSocket } from '../../storage/data-dir';
import { CONTROL_SOCKET_NAME } from '../../storage/registry';

/**
 * The running server's door for the command line (decision 077): an HTTP server on the Unix
 * socket DATA_DIR/server.sock, mode 600, so only the account that owns the data can knock.
 * `npm run backup` asks it for an archive (the server snapshots under its own write hold: one
 * process, one writer) and `npm run restore` asks whether anyone answers: a live socket means the
 * site runs on this DATA_DIR, which a pid file could not tell after a crash or in a container
 * where every server is pid 1.
 */

/** Linux's limit for a socket path (sun_path) is 108 bytes with its terminating zero. */
const MAX_SOCKET_PATH = 107;

const PASSPHRASE_HEADER = 'x-backup-passphrase';

export interface ServerStatus {
  pid: number;
  dataDir: string;
}

export interface ControlHandlers {
  /**
   * A fresh archive and its file name; the stream is sent as it is made. `passphrase`: the CLI's
   * BACKUP_PASSPHRASE, if it has one, else the server's own is used.
   */
  backup(passphrase: string | undefined): Promise<{ name: string; stream: Readable }>;
}

function checkLength(dataDir: string): string {
  const file = controlSocketPath(dataDir);
  if (Buffer.byteLength(file) > MAX_SOCKET_PATH)
    throw new Error(
      `DATA_DIR ${dataDir} is too long a path for the control socket ${CONTROL_SOCKET_NAME} (at most ${MAX_SOCKET_PATH - CONTROL_SOCKET_NAME.length - 1} bytes): move it to a shorter path`,
    );
  return file;
}

/** Who runs on this DATA_DIR: null when nobody answers (stopped, or crashed leaving the file). */
export async function runningServer(dataDir: string): Promise<ServerStatus | null> {
  const file = checkLength(dataDir);
  return new Promise((resolve, reject) => {
    const request = http.get({ socketPath: file, path: '/status', timeout: 10_000 }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => {
        try {
          resolve(JSON.parse(body) as ServerStatus);
        } catch {
          reject(new Error(`Something answers on ${file}, but not this site's server`));
        }
      });
    });
    request.on('timeout', () => request.destroy(new Error(`The server on ${file} does not answer`)));
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(null);
      else reject(error);
    });
  });
}

/** Asks the running server for a backup: its file name and the archive as it streams. */
export function requestBackup(
  dataDir: string,
  passphrase: string | undefined,
): Promise<{ name: string; stream: Readable }> {
  const file = checkLength(dataDir);
  // The passphrase crosses the socket only, which only the data's owner can open.
  const headers = passphrase ? { [PASSPHRASE_HEADER]: Buffer.from(passphrase).toString('base64') } : {};
  return new Promise((resolve, reject) => {
    const request = http.get({ socketPath: file, path: '/backup', headers }, (response) => {
      if (response.statusCode !== 200) {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => reject(new Error(`The running server could not make a backup: ${body}`)));
        return;
      }
      resolve({ name: String(response.headers['x-backup-name'] ?? 'backup.tar.gz'), stream: response });
    });
    request.on('error', reject);
  });
}

/**
 * Listens on DATA_DIR/server.sock. Refuses (throws) when another server already answers there:
 * two servers on one DATA_DIR would each write the same files. A socket file nobody answers on is
 * a crash's leftover and is replaced.
 */
export async function listenControlSocket(
  dataDir: string,
  handlers: ControlHandlers,
  onError: (error: unknown) => void,
): Promise<{ close(): Promise<void> }> {
  const file = checkLength(dataDir);
  const other = await runningServer(dataDir).catch(() => null);
  if (other) throw new Error(`Another server (pid ${other.pid}) is already running on DATA_DIR ${dataDir}`);
  await removeStaleControlSocket(dataDir);

  const server = http.createServer((req, res) => {
    if (req.url === '/status') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ pid: process.pid, dataDir } satisfies ServerStatus));
      return;
    }
    if (req.url === '/backup') {
      const sent = req.headers[PASSPHRASE_HEADER];
      const passphrase = typeof sent === 'string' ? Buffer.from(sent, 'base64').toString() : undefined;
      handlers.backup(passphrase).then(
        ({ name, stream }) => {
          res.writeHead(200, { 'content-type': 'application/octet-stream', 'x-backup-name': name });
          stream.on('error', (error) => {
            onError(error);
            res.destroy(error);
          });
          stream.pipe(res);
        },
        (error: unknown) => {
          onError(error);
          res.statusCode = 500;
          res.end(error instanceof Error ? error.message : String(error));
        },
      );
      return;
    }
    res.statusCode = 404;
    res.end();
  });
  // Created with mode 600 (no window with a wider one): the umask applies to bind(2).
  const umask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(file, resolve);
    });
  } finally {
    process.umask(umask);
  }
  await restrictControlSocket(dataDir);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
