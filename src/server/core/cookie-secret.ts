import type { Storage } from '../../storage/storage';
import type { Config } from './config';

/**
 * SESSION_SECRET when set; otherwise a random secret generated on first start and kept in
 * DATA_DIR/session-secret (mode 600, written durably by the storage layer), so restarts keep
 * everyone signed in.
 */
export async function loadCookieSecret(
  config: Pick<Config, 'sessionSecret'>,
  storage: Pick<Storage, 'sessionSecret'>,
): Promise<string> {
  return config.sessionSecret ?? (await storage.sessionSecret());
}
