import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, test } from 'node:test';
import { ADMIN, createAdmin, getJson, PASSWORD, postTo, signIn } from '../helpers/admin';
import { runServerExpectingFailure, startServer } from '../helpers/server';
import { suiteTempDirs } from '../helpers/suite';

const ENV = { INQUIRY_RATE_LIMIT: 'off' };
const userStatus = async (url: string, cookie: string) => (await getJson(`${url}/api/user`, cookie)).status;

describe('a signed-out session across a restart', () => {
  const tempDataDir = suiteTempDirs('logout-restart');

  test('a logged-out cookie stays logged out after a restart; a live one stays signed in', async () => {
    const dataDir = await tempDataDir();
    await createAdmin(dataDir, ADMIN, PASSWORD);
    const first = await startServer({ dataDir, env: ENV });
    let loggedOut: string;
    let live: string;
    try {
      loggedOut = await signIn(first.url, ADMIN, PASSWORD);
      live = await signIn(first.url, ADMIN, PASSWORD);
      assert.equal((await postTo(first.url, '/api/logout', { Cookie: loggedOut })).status, 200);
      assert.equal(await userStatus(first.url, loggedOut), 401);
    } finally {
      await first.stop();
    }

    const second = await startServer({ dataDir, env: ENV });
    try {
      assert.equal(
        await userStatus(second.url, loggedOut),
        401,
        'the logged-out cookie, replayed after the restart',
      );
      assert.equal(await userStatus(second.url, live), 200, 'the other session survives the restart');
    } finally {
      await second.stop();
    }
  });

  test('after SIGKILL right after the logout answered, the cookie is still refused', async () => {
    const dataDir = await tempDataDir();
    await createAdmin(dataDir, ADMIN, PASSWORD);
    const first = await startServer({ dataDir, env: ENV });
    const cookie = await signIn(first.url, ADMIN, PASSWORD);
    assert.equal((await postTo(first.url, '/api/logout', { Cookie: cookie })).status, 200);
    await first.stop('SIGKILL');

    const second = await startServer({ dataDir, env: ENV });
    try {
      assert.equal(await userStatus(second.url, cookie), 401);
    } finally {
      await second.stop();
    }
  });

  test('the file keeps only sessions that could still be valid', async () => {
    const dataDir = await tempDataDir();
    const file = path.join(dataDir, 'ended-sessions.json');
    await createAdmin(dataDir, ADMIN, PASSWORD);
    const expired = Date.now() - 1000;
    await writeFile(file, JSON.stringify({ version: 1, sessions: { 'long-gone': expired } }));
    const server = await startServer({ dataDir, env: ENV });
    try {
      const cookie = await signIn(server.url, ADMIN, PASSWORD);
      assert.equal((await postTo(server.url, '/api/logout', { Cookie: cookie })).status, 200);
      const { sessions } = JSON.parse(await readFile(file, 'utf8')) as { sessions: Record<string, number> };
      assert.deepEqual(Object.keys(sessions).length, 1, 'the expired entry was dropped, the new one kept');
      assert.ok(!('long-gone' in sessions));
      const [validUntil] = Object.values(sessions);
      assert.ok(validUntil !== undefined && validUntil > Date.now() + 11 * 60 * 60 * 1000);
    } finally {
      await server.stop();
    }
  });

  test('a corrupt ended-sessions.json stops the server with a message naming it, and is left as it was', async () => {
    const dataDir = await tempDataDir();
    const file = path.join(dataDir, 'ended-sessions.json');
    await writeFile(file, '{"version":1,"sess');
    const { code, output } = await runServerExpectingFailure({ DATA_DIR: dataDir, ...ENV });
    assert.notEqual(code, 0);
    assert.match(output, /ended-sessions\.json/);
    assert.equal(await readFile(file, 'utf8'), '{"version":1,"sess');
  });
});
