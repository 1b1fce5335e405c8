import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import type { Logger } from '../../server/core/log';
import type { AccountFile } from '../../storage/account-file';
import type { AccountChange, User } from '../../storage/file-schemas';
import type { Notices } from '../notices/index';
import { deviceName } from './device-name.server';

type DashboardChange = Exclude<AccountChange['what'], 'cli-password' | 'cli-second-step-reset'>;

/**
 * Tells her of every change of her sign-in details (ASVS 6.3.7, issue 32), by email through the
 * notices' outbox: the changes made on the dashboard (told before they are answered), and those
 * create-admin makes in users.json, which the server notices at start and whenever it reads
 * users.json (every lookup of a user), by the counters the CLI moves on (decision 101).
 */
export class AccountChanges {
  /** One catch-up with users.json at a time, so a change the CLI made is told once. */
  private catchingUp: Promise<void> = Promise.resolve();

  constructor(
    private readonly notices: Pick<Notices, 'tellAccount'>,
    private readonly accounts: AccountFile,
    private readonly logger: Pick<Logger, 'info' | 'error'>,
    private readonly now: () => number = Date.now,
  ) {}

  /** A change made through this request: owed on disk when this resolves. */
  async changed(req: Request, user: User, what: DashboardChange, detail?: string): Promise<void> {
    const change: AccountChange = {
      what,
      at: new Date(this.now()).toISOString(),
      username: user.username,
      device: deviceName(req.get('user-agent') ?? ''),
      ip: req.ip ?? '',
      ...(detail === undefined ? {} : { detail }),
    };
    await this.notices.tellAccount(`change.${randomUUID()}`, change);
  }

  /**
   * users.json's user as read (not laid over with account.json). Cheap when nothing changed: two
   * numbers compared with what account.json says was seen last.
   */
  seen = (user: User): void => {
    if (sameCounters(this.accounts.get(user.id).cliSeen, countersOf(user))) return;
    this.catchingUp = this.catchingUp
      .then(() => this.catchUp(user))
      .catch((error: unknown) => this.logger.error('account notice', { error: String(error) }));
  };

  private async catchUp(user: User): Promise<void> {
    const seen = this.accounts.get(user.id).cliSeen;
    const now = countersOf(user);
    if (sameCounters(seen, now)) return;
    // First seen (a new admin, or an install from before this): nothing to tell, only the mark.
    // Counters lower than seen are a restored backup's users.json: likewise.
    if (seen && now.sessionVersion > seen.sessionVersion && now.secondStepResets >= seen.secondStepResets) {
      const resets = now.secondStepResets - seen.secondStepResets;
      const passwords = now.sessionVersion - seen.sessionVersion - resets;
      const last = user.lastChange;
      const on = last?.on ? ` on ${last.on}` : '';
      const base = {
        username: user.username,
        device: `The server's command line (npm run create-admin${on})`,
        ip: 'the server itself',
      };
      const noticed = new Date(this.now()).toISOString();
      const key = `${user.id}.${now.sessionVersion}.${now.secondStepResets}`;
      if (resets > 0) {
        const at = last?.what === 'second-step-reset' ? last.at : noticed;
        await this.notices.tellAccount(`cli-reset.${key}`, { ...base, what: 'cli-second-step-reset', at });
      }
      if (passwords > 0) {
        const at = last?.what === 'password' ? last.at : noticed;
        await this.notices.tellAccount(`cli-password.${key}`, { ...base, what: 'cli-password', at });
      }
      this.logger.info('account', { change: 'noticed create-admin', resets, passwords });
    }
    // After the notices are owed on disk: a crash in between tells them again (same ids), never not.
    await this.accounts.change(user.id, (record) => [{ ...record, cliSeen: now }, undefined]);
  }
}

interface Counters {
  sessionVersion: number;
  secondStepResets: number;
}

const countersOf = (user: User): Counters => ({
  sessionVersion: user.sessionVersion,
  secondStepResets: user.secondStepResets ?? 0,
});

const sameCounters = (a: Counters | undefined, b: Counters) =>
  a !== undefined && a.sessionVersion === b.sessionVersion && a.secondStepResets === b.secondStepResets;
