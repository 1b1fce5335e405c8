import { Low } from 'lowdb';
import { OneChangeAtATime } from './one-change-at-a-time';
import { DurableJsonFile, type FileAt, openJsonFile } from './open-file';
import { accountFile } from './registry';

const ACCOUNT_FORMAT_VERSION = accountFile.version;

/** The authenticator app (TOTP) of one account, once turned on. */
export interface TotpRecord {
  /** The shared secret, base32. */
  secret: string;
  /** users.json's secondStepResets when it was turned on: a reset by create-admin bumps that, and this record no longer counts. */
  resetsSeen: number;
  /** The last 30-second step whose code was accepted: a code is good once, and never an older one. */
  lastStep: number;
  /** Each unused recovery code as "salt:scrypt" (base64url); a used one is removed. */
  recoveryCodes: string[];
  /** ISO 8601. */
  enabledAt: string;
}

/** One signed-in session, for "Where you're signed in" (the cookie stays the proof of it). */
export interface SessionRecord {
  /** ms since epoch. */
  signedInAt: number;
  lastSeenAt: number;
  /** When the cookie expires: the record is dropped after. */
  validUntil: number;
  ip: string;
  /** As the browser sent it (at most 512 characters). */
  userAgent: string;
  /** The effective session version it was signed in with: older ones are ended, and dropped. */
  ver: number;
}

/** A passkey (WebAuthn credential) registered on the account page (decision 106). */
export interface PasskeyRecord {
  /** The credential id, base64url. */
  id: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  /** The authenticator's signature counter as last seen: one that goes backwards is a clone. */
  counter: number;
  transports?: string[];
  /** What she called it: "iPhone". */
  name: string;
  /** ISO 8601. */
  createdAt: string;
  lastUsedAt?: string;
}

/** What the server keeps of an account besides users.json (decision 101). */
export interface AccountRecord {
  totp?: TotpRecord;
  /** A password set on the account page; counts while users.json's sessionVersion is still `baseVersion` (a CLI password wins). */
  password?: { hash: string; baseVersion: number; changedAt: string };
  /** Added to users.json's sessionVersion: bumped by a password change or "Sign out everywhere else" here. */
  sessionBump?: number;
  /** Session id → what is known of it. */
  sessions?: Record<string, SessionRecord>;
  /** SHA-256 (hex) of the device cookie of each browser that signed in, newest last (decision 104). */
  knownDevices?: string[];
  passkeys?: PasskeyRecord[];
  /** users.json's counters when the server last looked: a change since is create-admin's, and emailed (issue 32). */
  cliSeen?: { sessionVersion: number; secondStepResets: number };
}

interface AccountFileContent {
  version: number;
  accounts: Record<string, AccountRecord>;
}

/**
 * account.json: what the breeder sets on her account page, per user id, with this process as the
 * only writer (users.json stays the create-admin CLI's: decision 101). Changes run one at a time;
 * each is on disk (fsync'd) before its promise resolves and before `get` shows it, and a throw from
 * the change (or a failed write) leaves file and memory as they were.
 */
export class AccountFile {
  private readonly changes = new OneChangeAtATime();

  private constructor(
    private readonly db: Low<AccountFileContent>,
    private committed: Readonly<Record<string, AccountRecord>>,
  ) {}

  /** Opens the file (none yet is no accounts); a corrupt one is refused and left untouched. */
  static async open(at: FileAt): Promise<AccountFile> {
    const adapter = new DurableJsonFile<AccountFileContent>(at);
    const existing = (await openJsonFile(at, accountFile))?.data ?? null;
    const accounts = (existing?.accounts ?? {}) as Record<string, AccountRecord>;
    const db = new Low<AccountFileContent>(adapter, { version: ACCOUNT_FORMAT_VERSION, accounts });
    return new AccountFile(db, accounts);
  }

  get(userId: string): Readonly<AccountRecord> {
    return this.committed[userId] ?? {};
  }

  /** Every account's record, by user id (a passkey sign-in looks its credential up among them). */
  all(): Readonly<Record<string, Readonly<AccountRecord>>> {
    return this.committed;
  }

  /**
   * Replaces the user's record with what `apply` makes of the latest one, and resolves with what
   * `apply` returned once that is on disk. `apply` runs in turn with other changes, so a check in
   * it (is this code unused?) and the write that follows cannot interleave with another request's.
   */
  change<T>(userId: string, apply: (record: Readonly<AccountRecord>) => [AccountRecord, T]): Promise<T> {
    return this.changes.run(async () => {
      const [record, result] = apply(this.get(userId));
      const accounts = { ...this.committed, [userId]: record };
      this.db.data = { version: ACCOUNT_FORMAT_VERSION, accounts };
      await this.db.write();
      this.committed = accounts;
      return result;
    });
  }

  close(): Promise<void> {
    return this.changes.close();
  }
}
