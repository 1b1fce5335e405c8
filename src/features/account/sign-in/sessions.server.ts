import { randomBytes } from 'node:crypto';
import type { Request } from 'express';
import type { Records, User } from '../../../storage/records';
import type { SessionHooks } from '../session-log.server';

/** Absolute lifetime of a session: counted from sign-in, never extended by activity. */
export const SESSION_MAX_AGE_MS = 12 * 60 * 60 * 1000;

/** How long the second step of a sign-in (the authenticator code) may take after the password. */
export const SECOND_STEP_MAX_AGE_MS = 5 * 60_000;

/** A cookie issued "in the future" is forged or from a wrong clock; a little drift is tolerated. */
const CLOCK_SKEW_MS = 60_000;

/** What the signed session cookie carries: no name, no hash, nothing a reader could use. */
interface SessionData {
  /** Random id, so one session can be revoked (logout) without touching the others. */
  sid: string;
  uid: string;
  /** The user's sessionVersion at sign-in: a password change bumps it and ends the session. */
  ver: number;
  /** Issued at (ms since epoch). */
  iat: number;
}

/** A password sign-in waiting for its second step: in the cookie instead of a session. */
interface PendingData {
  uid: string;
  /** The user's sessionVersion when the password was checked. */
  ver: number;
  /** When the password was checked (ms since epoch). */
  at: number;
}

/**
 * Who is signed in. The cookie is signed, so its content is ours, but it stays valid until it
 * expires; the checks here end it earlier: the user must still exist with the same session
 * version (a password change ends every session), and a logged-out session id is refused for
 * the rest of its lifetime, across restarts (the store keeps ended sessions in DATA_DIR).
 */
export class Sessions {
  constructor(
    private readonly store: Pick<Records, 'findUserById' | 'endSession' | 'isSessionEnded'>,
    private readonly now: () => number = Date.now,
    /** The account page's list of sessions (decision 103); none in unit tests. */
    private readonly hooks?: SessionHooks,
  ) {}

  /** The signed-in user of this request, or undefined; a stale cookie is cleared. */
  async currentUser(req: Request): Promise<User | undefined> {
    const data = this.read(req);
    if (!data) return undefined;
    const user = await this.store.findUserById(data.uid);
    if (user && user.sessionVersion === data.ver) {
      this.hooks?.seen(
        user,
        { sid: data.sid, iat: data.iat, validUntil: data.iat + SESSION_MAX_AGE_MS },
        req,
      );
      return user;
    }
    req.session = null;
    return undefined;
  }

  /** The session id of the request's own session, if it has a valid one (see currentUser). */
  currentSid(req: Request): string | undefined {
    return this.read(req)?.sid;
  }

  /** Ends another session of the user (the account page's "Sign out"), for good, across restarts. */
  async endOther(uid: string, session: { sid: string; iat: number }): Promise<void> {
    await this.store.endSession(session.sid, session.iat + SESSION_MAX_AGE_MS);
    await this.hooks?.ended(uid, session.sid);
  }

  /** Replaces whatever session the request had with a fresh one for `user`; the old one is ended. */
  async signIn(req: Request, user: User): Promise<void> {
    const previous = this.read(req);
    const data: SessionData = {
      sid: randomBytes(16).toString('base64url'),
      uid: user.id,
      ver: user.sessionVersion,
      iat: this.now(),
    };
    req.session = { ...data };
    if (previous) await this.end(previous);
    await this.hooks?.started(
      user,
      { sid: data.sid, iat: data.iat, validUntil: data.iat + SESSION_MAX_AGE_MS },
      req,
    );
  }

  /**
   * The password was right and a second step is owed: the cookie carries that, and no session (so
   * every API that needs a user still answers 401). Whatever session the request had is ended.
   */
  async startSecondStep(req: Request, user: User): Promise<void> {
    const previous = this.read(req);
    const pending: PendingData = { uid: user.id, ver: user.sessionVersion, at: this.now() };
    req.session = { pending };
    if (previous) await this.end(previous);
  }

  /**
   * Whose second step this request may complete: undefined when none is under way, 'expired' when
   * the password was checked more than SECOND_STEP_MAX_AGE_MS ago (the cookie is cleared).
   */
  async pendingUser(req: Request): Promise<User | 'expired' | undefined> {
    const pending = req.session?.pending as Partial<PendingData> | undefined;
    if (
      !pending ||
      typeof pending.uid !== 'string' ||
      typeof pending.ver !== 'number' ||
      typeof pending.at !== 'number'
    )
      return undefined;
    const age = this.now() - pending.at;
    if (age < -CLOCK_SKEW_MS || age > SECOND_STEP_MAX_AGE_MS) {
      req.session = null;
      return 'expired';
    }
    const user = await this.store.findUserById(pending.uid);
    if (user && user.sessionVersion === pending.ver) return user;
    req.session = null;
    return 'expired';
  }

  /**
   * Clears the cookie and ends the session for good; resolves once that is on disk. If the write
   * fails the session is still refused by this process, and the error reaches the caller.
   */
  async signOut(req: Request): Promise<void> {
    const data = this.read(req);
    req.session = null;
    if (data) await this.end(data);
  }

  private async end(data: SessionData): Promise<void> {
    await this.store.endSession(data.sid, data.iat + SESSION_MAX_AGE_MS);
    await this.hooks?.ended(data.uid, data.sid);
  }

  /** The session's data if it is well-formed, unexpired and not ended. */
  private read(req: Request): SessionData | undefined {
    const session = req.session;
    if (!session || session.isNew) return undefined;
    // A sign-in waiting for its second step is no session; its cookie stays for that step.
    if (session.sid === undefined && session.pending !== undefined) return undefined;
    const { sid, uid, ver, iat } = session;
    const valid =
      typeof sid === 'string' &&
      typeof uid === 'string' &&
      typeof ver === 'number' &&
      typeof iat === 'number' &&
      iat <= this.now() + CLOCK_SKEW_MS &&
      this.now() - iat < SESSION_MAX_AGE_MS &&
      !this.store.isSessionEnded(sid);
    if (valid) return { sid, uid, ver, iat };
    // Someone else's, expired or logged out: drop the cookie rather than carry it around.
    req.session = null;
    return undefined;
  }
}
