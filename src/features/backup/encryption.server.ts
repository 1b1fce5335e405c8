import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { loadOnce } from '../../server/core/load-once';

/**
 * Archives encrypted with BACKUP_PASSPHRASE are age files (https://age-encryption.org/v1) with a
 * passphrase (scrypt) recipient, so `age -d` opens them without this app (decision 076).
 */

/**
 * scrypt's cost, log2(N): 16 takes about half a second and 64 MB with this JavaScript
 * implementation; age's own default (18) takes 4× both, too much for the cheap VPS at 3 a.m.
 * Every age reader accepts it (the age CLI up to 22).
 */
const SCRYPT_WORK_FACTOR = 16;

/** Every age file starts with this line; a gzip file with 0x1f 0x8b. */
const AGE_MAGIC = Buffer.from('age-encryption.org/v1\n');

export const isAgeFile = (head: Buffer) => head.subarray(0, AGE_MAGIC.length).equals(AGE_MAGIC);
export const isGzipFile = (head: Buffer) => head[0] === 0x1f && head[1] === 0x8b;

/** The decryption failed: the passphrase is wrong or the file is damaged (age cannot tell them apart for the header). */
export class DecryptionError extends Error {}

/** age is loaded at the first encrypted archive, not at every start. */
const loadAge = loadOnce(() => import('age-encryption'));

export async function encryptStream(input: Readable, passphrase: string): Promise<Readable> {
  const { Encrypter } = await loadAge();
  const encrypter = new Encrypter();
  encrypter.setScryptWorkFactor(SCRYPT_WORK_FACTOR);
  encrypter.setPassphrase(passphrase);
  const encrypted = await encrypter.encrypt(Readable.toWeb(input) as ReadableStream<Uint8Array>);
  return Readable.fromWeb(encrypted as unknown as WebReadableStream<Uint8Array>);
}

export async function decryptStream(input: Readable, passphrase: string): Promise<Readable> {
  const { Decrypter } = await loadAge();
  const decrypter = new Decrypter();
  decrypter.addPassphrase(passphrase);
  try {
    const decrypted = await decrypter.decrypt(Readable.toWeb(input) as ReadableStream<Uint8Array>);
    return Readable.fromWeb(decrypted as unknown as WebReadableStream<Uint8Array>);
  } catch (error) {
    throw new DecryptionError(
      `The archive cannot be decrypted with BACKUP_PASSPHRASE (${(error as Error).message}): the passphrase is wrong or the file is damaged.`,
    );
  }
}
