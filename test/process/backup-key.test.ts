import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { after, before, describe, test } from 'node:test';
import { archiveStream } from '../../src/features/backup/archive.server';
import { ADMIN, createAdmin, getJson, PASSWORD, readUsers, signIn } from '../helpers/admin';
import { runBuiltOk } from '../helpers/backup';
import { runServerExpectingFailure, startServer } from '../helpers/server';

// Decision 078: no file of a backup archive lets anyone write a session cookie the live site
// accepts. Tried as an attacker would, black-box: every file of an unencrypted archive (and every
// string inside its JSON) is tried as the cookie-signing key, with her real user id and session
// version from the archive's users.json. A control with the live key proves the forging is right.

const COOKIE = 'doodles.sid';

/** A cookie-session cookie as the `cookies` package signs it (keygrip: HMAC-SHA1, base64url-ish). */
function forgedCookie(key: string, session: { uid: string; ver: number }): string {
  const value = Buffer.from(
    JSON.stringify({ sid: 'forged', uid: session.uid, ver: session.ver, iat: Date.now() }),
  ).toString('base64');
  const signature = createHmac('sha1', key)
    .update(`${COOKIE}=${value}`)
    .digest('base64')
    .replace(/\/|\+|=/g, (c) => ({ '/': '_', '+': '-', '=': '' })[c] ?? '');
  return `${COOKIE}=${value}; ${COOKIE}.sig=${signature}`;
}

/** Every file's text, trimmed and whole, and every string a JSON file holds: a thief's guesses. */
async function candidateKeys(dir: string): Promise<Map<string, string>> {
  const keys = new Map<string, string>();
  const strings = (value: unknown, into: string[]): string[] => {
    if (typeof value === 'string') into.push(value);
    else if (Array.isArray(value)) for (const item of value) strings(item, into);
    else if (value && typeof value === 'object') for (const item of Object.values(value)) strings(item, into);
    return into;
  };
  for (const file of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!file.isFile()) continue;
    const name = path.relative(dir, path.join(file.parentPath, file.name));
    const text = await readFile(path.join(dir, name), 'utf8');
    keys.set(text, name);
    keys.set(text.trim(), name);
    try {
      for (const s of strings(JSON.parse(text), []))
        if (s.length >= 16) keys.set(s, `${name} (a string in it)`);
    } catch {
      // not JSON: the whole text was tried
    }
  }
  return keys;
}

describe('no key to her dashboard in a backup archive', () => {
  let work: string;
  before(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'doodles-backup-key-'));
  });
  after(() => rm(work, { recursive: true, force: true }));

  test('no file of an unencrypted archive lets a client write a cookie the live site accepts', async () => {
    const site = await startServer({ env: { LOG_LEVEL: 'error' } });
    try {
      await createAdmin(site.dataDir, ADMIN, PASSWORD);
      const real = await signIn(site.url, ADMIN, PASSWORD);
      assert.equal((await getJson(`${site.url}/api/user`, real)).status, 200);

      // The control: with the live key, the forged cookie is accepted, so the forging is right.
      const [user] = await readUsers(site.dataDir);
      assert.ok(user);
      const session = { uid: user.id, ver: user.sessionVersion };
      const liveKey = (await readFile(path.join(site.dataDir, 'session-secret'), 'utf8')).trim();
      assert.equal((await getJson(`${site.url}/api/user`, forgedCookie(liveKey, session))).status, 200);

      // `npm run backup` as a new user runs it: no passphrase, so anyone who finds it can read it.
      const archive = path.join(work, 'plain.tar.gz');
      await runBuiltOk('backup', ['--out', archive], { DATA_DIR: site.dataDir });
      const unpacked = path.join(work, 'unpacked');
      await mkdir(unpacked);
      execFileSync('tar', ['xzf', archive, '-C', unpacked]);
      const listed = await readdir(path.join(unpacked, 'data'));
      assert.ok(listed.includes('users.json'), 'the archive holds her sign-in');
      assert.ok(!listed.includes('session-secret'), 'but not the key that signs sessions');

      const archived = (await readUsers(path.join(unpacked, 'data')))[0];
      assert.ok(archived);
      const fromArchive = {
        uid: archived.id,
        ver: archived.sessionVersion,
      };
      const keys = await candidateKeys(unpacked);
      assert.ok(keys.size > 5, `tried ${keys.size} keys`);
      for (const [key, from] of keys)
        for (const path_ of ['/api/user', '/api/inquiries'])
          assert.equal(
            (await getJson(`${site.url}${path_}`, forgedCookie(key, fromArchive))).status,
            401,
            `a cookie signed with ${from} was accepted by ${path_}`,
          );
    } finally {
      await site.stop();
    }
  });

  test('SESSION_SECRET alone signs nothing, and an archive from before holding the key restores without it', async () => {
    const dataDir = path.join(work, 'old-release');
    const site = await startServer({
      dataDir,
      env: { LOG_LEVEL: 'error', SESSION_SECRET: 'an-operator-chose-this-secret-of-40-chars' },
    });
    let archivedKey: string;
    let session: { uid: string; ver: number };
    try {
      await createAdmin(dataDir, ADMIN, PASSWORD);
      const real = await signIn(site.url, ADMIN, PASSWORD);
      assert.equal((await getJson(`${site.url}/api/user`, real)).status, 200);
      const [user] = await readUsers(dataDir);
      assert.ok(user);
      session = { uid: user.id, ver: user.sessionVersion };
      // The variable a thief might also have read (a leaked .env) is not the key on its own.
      const forged = forgedCookie('an-operator-chose-this-secret-of-40-chars', session);
      assert.equal((await getJson(`${site.url}/api/user`, forged)).status, 401);
      archivedKey = (await readFile(path.join(dataDir, 'session-secret'), 'utf8')).trim();
    } finally {
      await site.stop();
    }

    // An archive as the release before decision 078 wrote it: the key inside, beside users.json.
    const files = (await readdir(dataDir, { recursive: true, withFileTypes: true }))
      .filter((f) => f.isFile() && !f.name.startsWith('.'))
      .map((f) => path.relative(dataDir, path.join(f.parentPath, f.name)).split(path.sep).join('/'))
      .filter((name) => !name.includes('/') || name.startsWith('photos/'))
      .sort();
    assert.ok(files.includes('session-secret'));
    const oldArchive = path.join(work, 'saguaro-doodles-2026-11-01T10-00-00Z.tar.gz');
    await pipeline(
      archiveStream({
        dir: dataDir,
        files,
        app: { name: 'saguaro-doodles', version: '1.0.0' },
        createdAt: new Date(),
      }),
      createWriteStream(oldArchive),
    );
    const restoredDir = path.join(work, 'restored');
    const restore = await runBuiltOk('restore', [oldArchive], { DATA_DIR: restoredDir });
    assert.match(restore.stdout, /Restored the backup made/);
    assert.match(restore.stdout, /sign in again/);

    const restored = await startServer({ dataDir: restoredDir, env: { LOG_LEVEL: 'error' } });
    try {
      const newKey = (await readFile(path.join(restoredDir, 'session-secret'), 'utf8')).trim();
      assert.notEqual(newKey, archivedKey, 'a restore makes a new key');
      assert.equal(
        (await getJson(`${restored.url}/api/user`, forgedCookie(archivedKey, session))).status,
        401,
      );
      // Her sign-in came back: she signs in again and is in.
      const cookie = await signIn(restored.url, ADMIN, PASSWORD);
      assert.equal((await getJson(`${restored.url}/api/user`, cookie)).status, 200);
    } finally {
      await restored.stop();
    }
  });

  test('an off-site copy is always encrypted: BACKUP_S3_URL without BACKUP_PASSPHRASE is refused at start', async () => {
    const dataDir = path.join(work, 'refused');
    const { code, output } = await runServerExpectingFailure({
      DATA_DIR: dataDir,
      BACKUP_S3_URL: 'https://id:topsecret@s3.us-west-004.backblazeb2.com/doodle-backups',
    });
    assert.equal(code, 1, output);
    assert.match(output, /BACKUP_PASSPHRASE: expected when BACKUP_S3_URL is set/);
    assert.ok(!output.includes('topsecret'), 'the secret is never repeated');
  });
});
