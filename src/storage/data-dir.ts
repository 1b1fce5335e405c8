import { chmod, mkdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { CONTROL_SOCKET_NAME } from './registry';

/**
 * DATA_DIR itself, for what runs before the data files are opened (decision 070: only
 * src/storage touches DATA_DIR): the directory made on a first start, and where the running
 * server's control socket is (a transient entry of the registry, not data).
 */

/** Makes DATA_DIR if it is not there yet (a first start, an empty volume). */
export async function makeDataDir(dataDir: string): Promise<void> {
  await mkdir(dataDir, { recursive: true });
}

/** DATA_DIR/server.sock: the running server's control socket (decision 077). */
export const controlSocketPath = (dataDir: string): string => path.join(dataDir, CONTROL_SOCKET_NAME);

/** Removes a control socket file nobody answers on: a crash's leftover, before a new bind. */
export async function removeStaleControlSocket(dataDir: string): Promise<void> {
  await unlink(controlSocketPath(dataDir)).catch(() => {});
}

/** Only the account that owns the data may use the control socket (bind(2) applied the umask). */
export async function restrictControlSocket(dataDir: string): Promise<void> {
  await chmod(controlSocketPath(dataDir), 0o600);
}
