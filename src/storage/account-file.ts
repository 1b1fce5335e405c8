import type { AccountRecord, PasskeyRecord, SessionRecord, TotpRecord } from './account-schema';
import { JsonDocument } from './json-document';
import type { FileAt } from './open-file';
import { accountFile } from './registry';

export type { AccountRecord, PasskeyRecord, SessionRecord, TotpRecord };

const noAccounts = async () => ({ version: 1 as const, accounts: {} });

/**
 * account.json: what the breeder sets on her account page, per user id, with this process as the
 * only writer (users.json stays the create-admin CLI's: decision 101): a JsonDocument. Changes run
 * one at a time; each is on disk (fsync'd) before its promise resolves and before `get` shows it,
 * and a throw from the change (or a failed write) leaves file and memory as they were.
 */
export class AccountFile {
  private constructor(private readonly document: JsonDocument<typeof accountFile.schema>) {}

  /** Opens the file (none yet is no accounts, written with the first change); a corrupt one is refused and left untouched. */
  static async open(at: FileAt): Promise<AccountFile> {
    return new AccountFile(await JsonDocument.open(at, accountFile, noAccounts, { writeInitial: false }));
  }

  get(userId: string): Readonly<AccountRecord> {
    return this.document.data.accounts[userId] ?? {};
  }

  /** Every account's record, by user id (a passkey sign-in looks its credential up among them). */
  all(): Readonly<Record<string, Readonly<AccountRecord>>> {
    return this.document.data.accounts;
  }

  /**
   * Replaces the user's record with what `apply` makes of the latest one, and resolves with what
   * `apply` returned once that is on disk. `apply` runs in turn with other changes, so a check in
   * it (is this code unused?) and the write that follows cannot interleave with another request's.
   */
  async change<T>(
    userId: string,
    apply: (record: Readonly<AccountRecord>) => [AccountRecord, T],
  ): Promise<T> {
    const { result } = await this.document.change((data) => {
      const [record, result] = apply(data.accounts[userId] ?? {});
      return [{ ...data, accounts: { ...data.accounts, [userId]: record } }, result];
    });
    return result;
  }

  close(): Promise<void> {
    return this.document.close();
  }
}
