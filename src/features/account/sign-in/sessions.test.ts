import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Request } from 'express';
import type { Records, User } from '../../../storage/records';
import { SECOND_STEP_MAX_AGE_MS, SESSION_MAX_AGE_MS, Sessions } from './sessions.server';

const user: User = { id: 'u1', username: 'a@b.example', passwordHash: 'x', sessionVersion: 1 };

type SessionStore = Pick<Records, 'findUserById' | 'endSession' | 'isSessionEnded'>;

/** The store's session side in memory: the durable file is tested in src/storage. */
function storeWith(
  users: User[],
  ended = new Map<string, number>(),
): SessionStore & { ended: Map<string, number> } {
  return {
    ended,
    findUserById: async (id: string) => users.find((u) => u.id === id),
    endSession: async (sid: string, validUntil: number) => {
      ended.set(sid, validUntil);
    },
    isSessionEnded: (sid: string) => ended.has(sid),
  };
}

/** A request as cookie-session leaves it: a fresh session object, or one read from a cookie. */
function request(session: Record<string, unknown> | null = {}): Request {
  return {
    session: session && { ...session, isNew: Object.keys(session).length === 0 },
  } as unknown as Request;
}

/** Signs in on one request and returns the cookie's content, as the next request would carry it. */
async function signedInCookie(sessions: Sessions, who: User = user) {
  const req = request();
  await sessions.signIn(req, who);
  return { ...(req.session as Record<string, unknown>) };
}

describe('sessions', () => {
  test('a fresh session names the user; none at all means nobody', async () => {
    const sessions = new Sessions(storeWith([user]));
    assert.equal((await sessions.currentUser(request(await signedInCookie(sessions))))?.id, 'u1');
    assert.equal(await sessions.currentUser(request()), undefined);
  });

  test('ends 12 hours after sign-in, whatever the activity', async () => {
    const clock = { now: 1_000_000 };
    const sessions = new Sessions(storeWith([user]), () => clock.now);
    const cookie = await signedInCookie(sessions);
    clock.now += SESSION_MAX_AGE_MS - 1;
    assert.ok(await sessions.currentUser(request(cookie)));
    clock.now += 1;
    const late = request(cookie);
    assert.equal(await sessions.currentUser(late), undefined);
    assert.equal(late.session, null, 'the expired cookie is cleared');
  });

  test('ends when the password changes (the session version moves on)', async () => {
    const users = [{ ...user }];
    const sessions = new Sessions(storeWith(users));
    const cookie = await signedInCookie(sessions);
    users[0] = { ...user, sessionVersion: 2 };
    assert.equal(await sessions.currentUser(request(cookie)), undefined);
  });

  test('ends when the user no longer exists', async () => {
    const sessions = new Sessions(storeWith([user]));
    const cookie = await signedInCookie(sessions);
    assert.equal(await new Sessions(storeWith([])).currentUser(request(cookie)), undefined);
  });

  test('a logged-out session stays ended even if its cookie is replayed; others live on', async () => {
    const sessions = new Sessions(storeWith([user]));
    const first = await signedInCookie(sessions);
    const second = await signedInCookie(sessions);
    const req = request(first);
    await sessions.signOut(req);
    assert.equal(req.session, null);
    assert.equal(await sessions.currentUser(request(first)), undefined);
    assert.ok(await sessions.currentUser(request(second)));
  });

  test('signing in again replaces the session and retires the old one', async () => {
    const sessions = new Sessions(storeWith([user]));
    const old = await signedInCookie(sessions);
    const req = request(old);
    await sessions.signIn(req, user);
    assert.notEqual((req.session as Record<string, unknown>).sid, old.sid);
    assert.equal(await sessions.currentUser(request(old)), undefined);
  });

  test('sign-out is stored with the moment the cookie would expire anyway, and holds for a new process', async () => {
    const clock = { now: 7_000_000 };
    const store = storeWith([user]);
    const sessions = new Sessions(store, () => clock.now);
    const cookie = await signedInCookie(sessions);
    clock.now += 1000;
    await sessions.signOut(request(cookie));
    assert.deepEqual([...store.ended.values()], [7_000_000 + SESSION_MAX_AGE_MS]);
    // A restart: a new Sessions over the same stored ended sessions.
    const restarted = new Sessions(storeWith([user], store.ended), () => clock.now);
    assert.equal(await restarted.currentUser(request(cookie)), undefined);
  });

  test('sign-out clears the cookie even when storing the ended session fails', async () => {
    const store = {
      ...storeWith([user]),
      endSession: async () => {
        throw new Error('disk full');
      },
    };
    const sessions = new Sessions(store);
    const req = request(await signedInCookie(sessions));
    await assert.rejects(sessions.signOut(req), /disk full/);
    assert.equal(req.session, null);
  });

  test('a cookie issued in the future or missing fields is refused', async () => {
    const clock = { now: 5_000_000 };
    const sessions = new Sessions(storeWith([user]), () => clock.now);
    const cookie = await signedInCookie(sessions);
    assert.equal(await sessions.currentUser(request({ ...cookie, iat: clock.now + 3_600_000 })), undefined);
    assert.equal(await sessions.currentUser(request({ ...cookie, ver: '1' })), undefined);
  });

  test('a second step owed is no session, and expires after 5 minutes', async () => {
    const clock = { now: 1_000_000 };
    const sessions = new Sessions(storeWith([user]), () => clock.now);
    const started = request(await signedInCookie(sessions));
    await sessions.startSecondStep(started, user);
    const cookie = { ...(started.session as Record<string, unknown>) };
    assert.equal(await sessions.currentUser(request(cookie)), undefined, 'not signed in');
    clock.now += SECOND_STEP_MAX_AGE_MS;
    const justInTime = request(cookie);
    assert.equal(((await sessions.pendingUser(justInTime)) as User).id, 'u1');
    clock.now += 1;
    const late = request(cookie);
    assert.equal(await sessions.pendingUser(late), 'expired');
    assert.equal(late.session, null, 'the cookie is cleared');
  });

  test('asking who is signed in keeps a pending second step (the login page asks)', async () => {
    const sessions = new Sessions(storeWith([user]));
    const started = request();
    await sessions.startSecondStep(started, user);
    const req = request({ ...(started.session as Record<string, unknown>) });
    assert.equal(await sessions.currentUser(req), undefined);
    assert.equal(((await sessions.pendingUser(req)) as User).id, 'u1');
  });

  test('a second step ends the session the request had', async () => {
    const store = storeWith([user]);
    const sessions = new Sessions(store);
    const cookie = await signedInCookie(sessions);
    await sessions.startSecondStep(request(cookie), user);
    assert.ok(store.ended.has(String(cookie.sid)));
  });
});
