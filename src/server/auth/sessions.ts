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
 * the rest of its lifetime (remembered in memory only: a restart forgets it).
 */
export class Sessions {
  private readonly revoked = new Map<string, number>();

  constructor(
    private readonly store: Store,
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

  /** Replaces whatever session the request had with a fresh one for `user`. */
  signIn(req: Request, user: User): void {
    this.revokeCurrent(req);
    const data: SessionData = {
      sid: randomBytes(16).toString('base64url'),
      uid: user.id,
      ver: user.sessionVersion,
      iat: this.now(),
    };
    req.session = { ...data };
  }

  signOut(req: Request): void {
    this.revokeCurrent(req);
    req.session = null;
  }

  private revokeCurrent(req: Request): void {
    const data = this.read(req);
    if (!data) return;
    this.forgetExpired();
    this.revoked.set(data.sid, data.iat + SESSION_MAX_AGE_MS);
  }

  /** The session's data if it is well-formed, unexpired and not revoked. */
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
      !this.revoked.has(sid);
    if (valid) return { sid, uid, ver, iat };
    // Someone else's, expired or logged out: drop the cookie rather than carry it around.
    req.session = null;
    return undefined;
  }

  /** Revoked ids are kept only while their cookie could still be valid, so the map stays small. */
  private forgetExpired(): void {
    const now = this.now();
    for (const [sid, expires] of this.revoked) if (expires <= now) this.revoked.delete(sid);
  }
}
