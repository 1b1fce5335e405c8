import { createHash } from 'node:crypto';
import type { Request } from 'express';
import type { AccountFile, AccountRecord, SessionRecord } from '../../storage/account-file';
import type { User } from '../../storage/records';
import type { ListedSession } from './account';
import { deviceName } from './device-name.server';

/** Last-seen times are written at most this often per session: a request must not buy a write. */
const SEEN_WRITE_INTERVAL_MS = 5 * 60_000;
const USER_AGENT_MAX = 512;

/** What Sessions tells the log: started, used, ended. */
export interface SessionHooks {
  started(user: User, session: { sid: string; iat: number; validUntil: number }, req: Request): Promise<void>;
  seen(user: User, session: { sid: string; iat: number; validUntil: number }, req: Request): void;
  ended(uid: string, sid: string): Promise<void>;
}

const listedId = (sid: string) => createHash('sha256').update(sid).digest('base64url').slice(0, 22);

/** Records that are still sessions: not expired, and signed in with the user's current version. */
function live(record: Readonly<AccountRecord>, user: User, now: number): Record<string, SessionRecord> {
  const kept: Record<string, SessionRecord> = {};
  for (const [sid, session] of Object.entries(record.sessions ?? {}))
    if (session.validUntil > now && session.ver === user.sessionVersion) kept[sid] = session;
  return kept;
}

/**
 * Every signed-in session of each account, in account.json (decision 103): written when a
 * session starts (before the sign-in is answered) and ends; the last-seen time at most every 5
 * minutes per session. A session that was signed in before this log existed is recorded on its
 * next request.
 */
export class SessionLog implements SessionHooks {
  constructor(
    private readonly accounts: AccountFile,
    private readonly onError: (error: unknown) => void,
    private readonly now: () => number = Date.now,
  ) {}

  private describe(req: Request, signedInAt: number, validUntil: number, user: User): SessionRecord {
    return {
      signedInAt,
      lastSeenAt: this.now(),
      validUntil,
      ip: req.ip ?? '',
      userAgent: (req.get('user-agent') ?? '').slice(0, USER_AGENT_MAX),
      ver: user.sessionVersion,
    };
  }

  started: SessionHooks['started'] = async (user, { sid, iat, validUntil }, req) => {
    await this.accounts.change(user.id, (record) => [
      {
        ...record,
        sessions: { ...live(record, user, this.now()), [sid]: this.describe(req, iat, validUntil, user) },
      },
      undefined,
    ]);
  };

  seen: SessionHooks['seen'] = (user, { sid, iat, validUntil }, req) => {
    const known = this.accounts.get(user.id).sessions?.[sid];
    if (known && this.now() - known.lastSeenAt < SEEN_WRITE_INTERVAL_MS) return;
    this.accounts
      .change(user.id, (record) => {
        const sessions = live(record, user, this.now());
        const current = sessions[sid];
        sessions[sid] = current
          ? { ...current, lastSeenAt: this.now(), ip: req.ip ?? current.ip }
          : this.describe(req, iat, validUntil, user);
        return [{ ...record, sessions }, undefined];
      })
      .catch(this.onError);
  };

  ended: SessionHooks['ended'] = async (uid, sid) => {
    if (!this.accounts.get(uid).sessions?.[sid]) return;
    await this.accounts.change(uid, (record) => {
      const { [sid]: _gone, ...sessions } = record.sessions ?? {};
      return [{ ...record, sessions }, undefined];
    });
  };

  /** The user's live sessions, this one first, then by last seen. */
  list(user: User, currentSid: string | undefined): ListedSession[] {
    const sessions = Object.entries(live(this.accounts.get(user.id), user, this.now()));
    return sessions
      .map(([sid, session]) => ({
        id: listedId(sid),
        device: deviceName(session.userAgent),
        ip: session.ip,
        signedInAt: new Date(session.signedInAt).toISOString(),
        lastSeenAt: new Date(session.lastSeenAt).toISOString(),
        current: sid === currentSid,
      }))
      .sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt));
  }

  /** The session id and start of a listed id, if it is one of the user's live sessions. */
  find(user: User, id: string): { sid: string; iat: number } | undefined {
    for (const [sid, session] of Object.entries(live(this.accounts.get(user.id), user, this.now())))
      if (listedId(sid) === id) return { sid, iat: session.signedInAt };
    return undefined;
  }
}
