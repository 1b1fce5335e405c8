import bcrypt from 'bcrypt';
import { COMMON_PASSWORDS_CHECKED, isCommonPassword } from './common-passwords.server';

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

/**
 * Words a guesser of this site's password tries first (ASVS 6.1.2, 6.2.11): the business, the
 * breed, the place, the page's own words. The username's parts are added per account.
 */
const CONTEXT_WORDS = [
  'saguaro',
  'doodles',
  'doodle',
  'goldendoodle',
  'english',
  'cream',
  'puppies',
  'puppy',
  'prescott',
  'valley',
  'arizona',
  'breeder',
  'password',
  'admin',
  'login',
];
/** What must be left of a password once the context words are taken out of it. */
const MIN_CHARS_BEYOND_CONTEXT = 8;

/** The username's parts long enough to matter: "jane.breeder@gmail.com" → jane, breeder, gmail. */
const usernameWords = (username: string) =>
  username
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length >= 3);

/** Why a new password is refused, or null when it is acceptable. */
export function passwordProblem(password: string, username = ''): string | null {
  if ([...password].length < PASSWORD_MIN_CHARS)
    return `The password is too short: use at least ${PASSWORD_MIN_CHARS} characters.`;
  if (Buffer.byteLength(password, 'utf8') > PASSWORD_MAX_BYTES)
    return `The password is too long: bcrypt uses at most ${PASSWORD_MAX_BYTES} bytes (fewer characters if they are not plain ASCII).`;
  if (isCommonPassword(password))
    return `The password is one of the ${COMMON_PASSWORDS_CHECKED.toLocaleString('en-US')} most common passwords, which are tried first: choose another.`;
  let rest = password.toLowerCase();
  const words = [...usernameWords(username), ...CONTEXT_WORDS].sort((a, b) => b.length - a.length);
  for (const word of words) rest = rest.split(word).join('');
  if ([...rest].length < MIN_CHARS_BEYOND_CONTEXT)
    return 'The password is too easy to guess: it is mostly the name of the site, the breed, the place or your email. Add words of your own.';
  return null;
}
