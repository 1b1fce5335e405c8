import { randomUUID } from 'node:crypto';
import { Low } from 'lowdb';
import { DurableJsonFile, StorageError } from './durable-json-file';
import type { User } from './store';

const USERS_FORMAT_VERSION = 1;

interface UsersFile {
  version: number;
  users: User[];
}

/**
 * users.json. Its only writer is the create-admin CLI (a separate process), so the server never
 * writes it and re-reads it on every lookup: a new admin or password counts at once, and the
 * server's inquiry writes can never clobber it. The file is tiny.
 */
export class UserFile {
  private readonly adapter: DurableJsonFile<UsersFile>;

  constructor(readonly file: string) {
    this.adapter = new DurableJsonFile(file);
  }

  async readAll(): Promise<User[]> {
    const data = await this.adapter.read();
    if (data === null) return [];
    if (data.version !== USERS_FORMAT_VERSION || !Array.isArray(data.users)) {
      throw new StorageError(
        `Data file ${this.file} has format version ${String(data.version)}, expected ${USERS_FORMAT_VERSION}. It was left untouched.`,
      );
    }
    return data.users;
  }

  /**
   * Creates the user, or sets a new password hash when the username exists. A password change
   * bumps sessionVersion, which ends every session signed in with the old password.
   * For the CLI only: the server must not write this file.
   */
  async upsert(username: string, passwordHash: string): Promise<{ user: User; created: boolean }> {
    const db = new Low<UsersFile>(this.adapter, { version: USERS_FORMAT_VERSION, users: [] });
    db.data = { version: USERS_FORMAT_VERSION, users: await this.readAll() };
    const key = normalizeUsername(username);
    const existing = db.data.users.find((user) => normalizeUsername(user.username) === key);
    let user: User;
    if (existing) {
      existing.passwordHash = passwordHash;
      existing.sessionVersion += 1;
      user = existing;
    } else {
      user = { id: randomUUID(), username: username.trim(), passwordHash, sessionVersion: 1 };
      db.data.users.push(user);
    }
    await db.write();
    return { user, created: !existing };
  }

  /**
   * Turns off the user's second step (a lost phone): bumps secondStepResets, which makes the
   * server disregard the authenticator app and recovery codes it keeps in account.json. Every
   * session is signed out too (sessionVersion). False if there is no such user.
   * For the CLI only: the server must not write this file.
   */
  async resetSecondStep(username: string): Promise<User | undefined> {
    const db = new Low<UsersFile>(this.adapter, { version: USERS_FORMAT_VERSION, users: [] });
    db.data = { version: USERS_FORMAT_VERSION, users: await this.readAll() };
    const key = normalizeUsername(username);
    const user = db.data.users.find((each) => normalizeUsername(each.username) === key);
    if (!user) return undefined;
    user.secondStepResets = (user.secondStepResets ?? 0) + 1;
    user.sessionVersion += 1;
    await db.write();
    return user;
  }
}

/** Usernames are email addresses: compared without case or surrounding spaces. */
export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}
