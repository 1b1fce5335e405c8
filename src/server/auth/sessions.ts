import { randomBytes } from 'node:crypto';
import type { Request } from 'express';
import type { Store, User } from '../../storage/store';

/** Absolute lifetime of a session: counted from sign-in, never extended by activity. */
export const SESSION_MAX_AGE_MS = 12 * 60 * 60 * 1000;

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

/**
 * Who is signed in. The cookie is signed, so its content is ours, but it stays valid until it
 * expires; the checks here end it earlier: the user must still exist with the same session
 * version (a password change ends every session), and a logged-out session id is refused for
 * the rest of its lifetime, across restarts (the store keeps ended sessions in DATA_DIR).
 */
export class Sessions {
  constructor(
    private readonly store: Pick<Store, 'findUserById' | 'endSession' | 'isSessionEnded'>,
    private readonly now: () => number = Date.now,
  ) {}

  /** The signed-in user of this request, or undefined; a stale cookie is cleared. */
  async currentUser(req: Request): Promise<User | undefined> {
    const data = this.read(req);
    if (!data) return undefined;
    const user = await this.store.findUserById(data.uid);
    if (user && user.sessionVersion === data.ver) return user;
    req.session = null;
    return undefined;
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

  private end(data: SessionData): Promise<void> {
    return this.store.endSession(data.sid, data.iat + SESSION_MAX_AGE_MS);
  }

  /** The session's data if it is well-formed, unexpired and not ended. */
  private read(req: Request): SessionData | undefined {
    const session = req.session;
    if (!session || session.isNew) return undefined;
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
