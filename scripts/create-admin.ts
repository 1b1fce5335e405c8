/**
 * Creates the administrator, or sets a new password for an existing one (which signs out every
 * session of that account).
 *
 *   npm run create-admin -- --username a@b.example          asks for the password twice
 *   printf '%s\n' "$PW" | npm run create-admin -- --username a@b.example
 *   npm run create-admin -- --username a@b.example --reset-second-step   a lost phone: turns off
 *                                          the authenticator app (no password asked)
 *
 * Reads DATA_DIR like the server. It writes only users.json, which the running server never
 * writes and re-reads on every sign-in, so it may run while the server runs.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { hashPassword, passwordProblem } from '../src/features/account/sign-in/passwords.server';
import { loadConfig } from '../src/server/core/config';
import { openUsersForCommand } from '../src/storage/user-file';
import { readPassword } from './create-admin/read-password';

const USAGE = [
  'Usage: npm run create-admin -- --username EMAIL   (the password is asked for, or read from stdin)',
  '       npm run create-admin -- --username EMAIL --reset-second-step   (a lost phone: turns off the authenticator app)',
].join('\n');

class UsageError extends Error {}

function parseArguments(argv: string[]): { username: string; resetSecondStep: boolean } {
  let values: {
    username?: string | undefined;
    help?: boolean | undefined;
    'reset-second-step'?: boolean | undefined;
  };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        username: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        'reset-second-step': { type: 'boolean' },
      },
    }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const username = values.username?.trim();
  if (!username) throw new UsageError(`The username is missing.\n${USAGE}`);
  if (!z.email().safeParse(username).success)
    throw new UsageError(`The username must be an email address (it is the sign-in "Email"): ${username}`);
  return { username, resetSecondStep: values['reset-second-step'] === true };
}

async function main(): Promise<void> {
  const { username, resetSecondStep } = parseArguments(process.argv.slice(2));
  const config = loadConfig();
  if (resetSecondStep) {
    const user = await (await openUsersForCommand(config.dataDir)).resetSecondStep(username);
    if (!user) throw new UsageError(`There is no admin ${username}.`);
    console.log(
      `Two-step sign-in of ${user.username} is off: the authenticator app and the recovery codes no longer work, and every session was signed out. Sign in with the password, then turn it on again on the Account page.`,
    );
    return;
  }
  const password = await readPassword();
  const problem = passwordProblem(password, username);
  if (problem) throw new UsageError(problem);

  const users = await openUsersForCommand(config.dataDir);
  const { user, created } = await users.upsert(username, await hashPassword(password));
  console.log(
    created
      ? `Created admin ${user.username}`
      : `Updated the password of ${user.username}; existing sessions were signed out`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(error instanceof UsageError ? 2 : 1);
});
