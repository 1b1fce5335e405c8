import { randomBytes } from 'node:crypto';
import { writeDurably } from './durable-write';
import { type FileAt, readDataFile } from './open-file';
import { sessionSecretFile } from './registry';

/**
 * The secret kept in DATA_DIR/session-secret (mode 600): generated on a first start and written
 * durably, so restarts keep everyone signed in. A file that is not a secret of at least 32
 * characters (an empty one, say) is replaced by a new secret rather than refused: it protects
 * nothing, and a new one costs only a sign-in.
 */
export async function loadSessionSecret(at: FileAt): Promise<string> {
  const text = await readDataFile(at.file);
  const parsed = sessionSecretFile.schema.safeParse(text ?? '');
  if (parsed.success) return parsed.data;
  const secret = randomBytes(48).toString('base64url');
  await writeDurably(at.gate, at.file, `${secret}\n`, 0o600);
  return secret;
}
