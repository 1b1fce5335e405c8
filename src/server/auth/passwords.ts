import bcrypt from 'bcrypt';

/** bcrypt's work factor: about a quarter of a second per hash on a small server. */
const BCRYPT_COST = 12;
/** bcrypt ignores everything after 72 bytes, so a longer password would not be what it seems. */
const PASSWORD_MAX_BYTES = 72;
const PASSWORD_MIN_CHARS = 12;

/**
 * A cost-12 hash of a random string nobody knows: an unknown username is checked against it, so
 * it takes as long to refuse as a wrong password and the timing does not reveal which usernames
 * exist.
 */
const DUMMY_HASH = '$2b$12$LyeCbIAoxiYioemly0AD3eZD5.icWXRGA7HNyYMUGB90CgR9.MJE6';

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_COST);
}

/** Always runs one bcrypt comparison, whether or not there is a hash to compare with. */
export async function verifyPassword(password: string, hash: string | undefined): Promise<boolean> {
  const tooLong = Buffer.byteLength(password, 'utf8') > PASSWORD_MAX_BYTES;
  const matches = await bcrypt.compare(password, hash ?? DUMMY_HASH);
  return matches && hash !== undefined && !tooLong;
}

/** Why a new password is refused, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if ([...password].length < PASSWORD_MIN_CHARS)
    return `The password is too short: use at least ${PASSWORD_MIN_CHARS} characters.`;
  if (Buffer.byteLength(password, 'utf8') > PASSWORD_MAX_BYTES)
    return `The password is too long: bcrypt uses at most ${PASSWORD_MAX_BYTES} bytes (fewer characters if they are not plain ASCII).`;
  return null;
}
