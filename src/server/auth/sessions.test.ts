import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Request } from 'express';
import type { Store, User } from '../../storage/store';
import { SESSION_MAX_AGE_MS, Sessions } from './sessions';

const user: User = { id: 'u1', username: 'a@b.example', passwordHash: 'x', sessionVersion: 1 };

function storeWith(users: User[]): Store {
  return { findUserById: async (id: string) => users.find((u) => u.id === id) } as Store;
}

/** A request as cookie-session leaves it: a fresh session object, or one read from a cookie. */
function request(session: Record<string, unknown> | null = {}): Request {
  return {
    session: session && { ...session, isNew: Object.keys(session).length === 0 },
  } as unknown as Request;
}

/** Signs in on one request and returns the cookie's content, as the next request would carry it. */
function signedInCookie(sessions: Sessions, who: User = user) {
  const req = request();
  sessions.signIn(req, who);
  return { ...(req.session as Record<string, unknown>) };
}

describe('sessions', () => {
  test('a fresh session names the user; none at all means nobody', async () => {
    const sessions = new Sessions(storeWith([user]));
    assert.equal((await sessions.currentUser(request(signedInCookie(sessions))))?.id, 'u1');
    assert.equal(await sessions.currentUser(request()), undefined);
  });

  test('ends 12 hours after sign-in, whatever the activity', async () => {
    const clock = { now: 1_000_000 };
    const sessions = new Sessions(storeWith([user]), () => clock.now);
    const cookie = signedInCookie(sessions);
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
    const cookie = signedInCookie(sessions);
    users[0] = { ...user, sessionVersion: 2 };
    assert.equal(await sessions.currentUser(request(cookie)), undefined);
  });

  test('ends when the user no longer exists', async () => {
    const sessions = new Sessions(storeWith([user]));
    const cookie = signedInCookie(sessions);
    assert.equal(await new Sessions(storeWith([])).currentUser(request(cookie)), undefined);
  });

  test('a logged-out session stays ended even if its cookie is replayed; others live on', async () => {
    const sessions = new Sessions(storeWith([user]));
    const first = signedInCookie(sessions);
    const second = signedInCookie(sessions);
    const req = request(first);
    sessions.signOut(req);
    assert.equal(req.session, null);
    assert.equal(await sessions.currentUser(request(first)), undefined);
    assert.ok(await sessions.currentUser(request(second)));
  });

  test('signing in again replaces the session and retires the old one', async () => {
    const sessions = new Sessions(storeWith([user]));
    const old = signedInCookie(sessions);
    const req = request(old);
    sessions.signIn(req, user);
    assert.notEqual((req.session as Record<string, unknown>).sid, old.sid);
    assert.equal(await sessions.currentUser(request(old)), undefined);
  });

  test('a cookie issued in the future or missing fields is refused', async () => {
    const clock = { now: 5_000_000 };
    const sessions = new Sessions(storeWith([user]), () => clock.now);
    const cookie = signedInCookie(sessions);
    assert.equal(await sessions.currentUser(request({ ...cookie, iat: clock.now + 3_600_000 })), undefined);
    assert.equal(await sessions.currentUser(request({ ...cookie, ver: '1' })), undefined);
  });
});
