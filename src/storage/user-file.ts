import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { hostname } from 'node:os';
import type { z } from 'zod';
import { WriteGate } from './durable-write';
import type { User } from './file-schemas';
import { DurableJsonFile, type FileAt, readJsonFile } from './open-file';
import { pathOf, usersFile } from './registry';

type UsersFile = z.output<typeof usersFile.schema>;

/**
 * users.json. Its only writer is the create-admin CLI (a separate process), so the server never
 * writes it and re-reads it on every lookup: a new admin or password counts at once, and the
 * server's inquiry writes can never clobber it. The file is tiny. Read with the one open routine
 * (version and schema checked, a bad file refused untouched), but the server never removes the
 * file's temp files: the command may be writing one.
 */
export class UserFile {
  constructor(private readonly at: FileAt) {}

  async readAll(): Promise<User[]> {
    return (await readJsonFile(this.at.file, usersFile))?.data.users ?? [];
  }

  /**
   * Creates the user, or sets a new password hash when the username exists. A password change
   * bumps sessionVersion, which ends every session signed in with the old password.
   * For the CLI only: the server must not write this file.
   */
  async upsert(username: string, passwordHash: string): Promise<{ user: User; created: boolean }> {
    const users = await this.readAll();
    const key = normalizeUsername(username);
    const existing = users.find((user) => normalizeUsername(user.username) === key);
    let user: User;
    if (existing) {
      existing.passwordHash = passwordHash;
      existing.sessionVersion += 1;
      existing.lastChange = lastChange('password');
      user = existing;
    } else {
      user = { id: randomUUID(), username: username.trim(), passwordHash, sessionVersion: 1 };
      users.push(user);
    }
    await this.write(users);
    return { user, created: !existing };
  }

  /**
   * Turns off the user's second step (a lost phone): bumps secondStepResets, which makes the
   * server disregard the authenticator app and recovery codes it keeps in account.json. Every
   * session is signed out too (sessionVersion). False if there is no such user.
   * For the CLI only: the server must not write this file.
   */
  async resetSecondStep(username: string): Promise<User | undefined> {
    const users = await this.readAll();
    const key = normalizeUsername(username);
    const user = users.find((each) => normalizeUsername(each.username) === key);
    if (!user) return undefined;
    user.secondStepResets = (user.secondStepResets ?? 0) + 1;
    user.sessionVersion += 1;
    user.lastChange = lastChange('second-step-reset');
    await this.write(users);
    return user;
  }

  /** The durable write (temp file, fsync, rename, fsync of DATA_DIR): the server reads the old file or the new one, whole. */
  private write(users: User[]): Promise<void> {
    const file: UsersFile = { version: usersFile.version, users };
    return new DurableJsonFile<UsersFile>(this.at).write(file);
  }
}

/** For the email the server sends once it notices the change: when, and on which machine. */
const lastChange = (what: 'password' | 'second-step-reset'): NonNullable<User['lastChange']> => ({
  what,
  at: new Date().toISOString(),
  on: hostname(),
});

/** users.json of a data directory, for the create-admin command (its only writer). */
export async function openUsersForCommand(dataDir: string): Promise<UserFile> {
  await mkdir(dataDir, { recursive: true });
  return new UserFile({ file: pathOf(dataDir, usersFile), gate: new WriteGate() });
}

/** Usernames are email addresses: compared without case or surrounding spaces. */
export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}
