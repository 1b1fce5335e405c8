import type { AccountFile, AccountRecord } from '../../storage/account-file';
import type { Records, User } from '../../storage/records';

/**
 * The user as sign-in sees it: users.json (the CLI's) with what the account page changed in
 * account.json (the server's) laid over it (decision 101). A password set here counts while the
 * CLI has not set one since; the session version is the sum of both files' counters, so a change
 * in either ends the sessions signed in before it.
 */
function effectiveUser(user: User, record: Readonly<AccountRecord>): User {
  const password = record.password;
  return {
    ...user,
    passwordHash:
      password && password.baseVersion === user.sessionVersion ? password.hash : user.passwordHash,
    sessionVersion: user.sessionVersion + (record.sessionBump ?? 0),
  };
}

/** The store's user lookups with account.json laid over them; everything else as it is. */
export function withAccountSettings<S extends Pick<Records, 'findUserByUsername' | 'findUserById'>>(
  store: S,
  accounts: Pick<AccountFile, 'get'>,
  /** Each user as users.json has it, when read: create-admin's changes are noticed there (issue 32). */
  seen: (user: User) => void = () => {},
): S {
  const overlay = (user: User | undefined) => {
    if (user) seen(user);
    return user && effectiveUser(user, accounts.get(user.id));
  };
  return {
    ...store,
    findUserByUsername: async (username: string) => overlay(await store.findUserByUsername(username)),
    findUserById: async (id: string) => overlay(await store.findUserById(id)),
  };
}
