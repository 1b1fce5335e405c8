import { createHmac } from 'node:crypto';
import type { Storage } from '../../storage/storage';
import type { Config } from './config';

/**
 * The key that signs session cookies. Its heart is the random key kept in DATA_DIR/session-secret
 * (mode 600, generated on a first start, written durably by the storage layer), which no backup
 * archive holds and a restore never brings back (decision 078): a restored site makes a new one,
 * so every session ends, and no file of an archive lets anyone write a cookie the site accepts.
 * SESSION_SECRET, when set, is combined with it (HMAC), so it still rotates every session when the
 * operator changes it, yet on its own signs nothing.
 */
export async function loadSessionSigningKey(
  config: Pick<Config, 'sessionSecret'>,
  storage: Pick<Storage, 'sessionSecret'>,
): Promise<string> {
  const kept = await storage.sessionSecret();
  if (config.sessionSecret === undefined) return kept;
  return createHmac('sha256', config.sessionSecret).update(kept).digest('base64url');
}
