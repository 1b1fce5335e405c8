import { createRequire } from 'node:module';

/** How many of the most common passwords a new one is checked against (ASVS 6.2.4 asks 3,000). */
export const COMMON_PASSWORDS_CHECKED = 10_000;

/**
 * The most common passwords, most common first: zxcvbn-ts's kept list (about 49,000, ranked by
 * how often they appear in leaked password lists), of which the first 10,000 are used. Its file is
 * only the list, so nothing else of zxcvbn is loaded.
 */
let common: Set<string> | undefined;

/**
 * Loaded once, at the first new password (about 0.1 s: the package ships the list compressed),
 * never at start: the server sets passwords rarely. Only the Set of 10,000 is kept; the module's
 * own copy of the whole list is let go.
 */
function load(): Set<string> {
  const require = createRequire(import.meta.url);
  const id = require.resolve('@zxcvbn-ts/language-common/dist/passwords.json.cjs');
  const list = require(id) as string[];
  Reflect.deleteProperty(require.cache, id);
  if (!Array.isArray(list) || list.length < COMMON_PASSWORDS_CHECKED)
    throw new Error('@zxcvbn-ts/language-common no longer holds the list of common passwords');
  return new Set(list.slice(0, COMMON_PASSWORDS_CHECKED).map((word) => word.toLowerCase()));
}

/** Whether the password is one of the most common, whatever its letters' case. */
export function isCommonPassword(password: string): boolean {
  common ??= load();
  return common.has(password.toLowerCase());
}
