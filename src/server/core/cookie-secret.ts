import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config';

/**
 * SESSION_SECRET when set; otherwise a random secret generated on first start and kept in
 * DATA_DIR/session-secret (mode 600), so restarts keep everyone signed in.
 */
export async function loadCookieSecret(config: Pick<Config, 'sessionSecret' | 'dataDir'>): Promise<string> {
  if (config.sessionSecret) return config.sessionSecret;
  const file = path.join(config.dataDir, 'session-secret');
  try {
    const secret = (await readFile(file, 'utf8')).trim();
    if (secret.length >= 32) return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return secret;
}
