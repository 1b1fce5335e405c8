import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { StorageError, WriteGate } from './durable-write';
import { EndedSessions } from './ended-sessions';

const at = (file: string) => ({ file, gate: new WriteGate() });

const HOUR = 60 * 60 * 1000;

describe('EndedSessions (ended-sessions.json)', () => {
  let dir: string;
  let file: string;
  let clock: number;
  const now = () => clock;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'doodles-ended-'));
    file = path.join(dir, 'ended-sessions.json');
    clock = Date.parse('2026-11-23T12:00:00Z');
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const onDisk = async () => JSON.parse(await readFile(file, 'utf8'));

  test('a signed-out session is still signed out after the file is opened again (a restart)', async () => {
    const before = await EndedSessions.open(at(file), now);
    assert.equal(before.has('abc'), false);
    await before.end('abc', clock + 12 * HOUR);
    assert.equal(before.has('abc'), true);
    await before.close();

    const after = await EndedSessions.open(at(file), now);
    assert.equal(after.has('abc'), true);
    assert.equal(after.has('other'), false);
    assert.deepEqual(await onDisk(), { version: 1, sessions: { abc: clock + 12 * HOUR } });
  });

  test('an entry is forgotten once its cookie would have expired anyway, and dropped from the file', async () => {
    const sessions = await EndedSessions.open(at(file), now);
    await sessions.end('early', clock + 1 * HOUR);
    await sessions.end('late', clock + 12 * HOUR);
    clock += 2 * HOUR;
    assert.equal(sessions.has('early'), false);
    assert.equal(sessions.has('late'), true);
    await sessions.end('next', clock + 12 * HOUR);
    assert.deepEqual(Object.keys((await onDisk()).sessions).sort(), ['late', 'next']);

    clock += 11 * HOUR;
    const reopened = await EndedSessions.open(at(file), now);
    assert.equal(reopened.size, 1, 'only "next" can still be valid');
    assert.equal(reopened.has('next'), true);
  });

  test('a session that has expired already is not recorded', async () => {
    const sessions = await EndedSessions.open(at(file), now);
    await sessions.end('gone', clock - 1);
    assert.equal(sessions.size, 0);
    await assert.rejects(readFile(file), { code: 'ENOENT' });
  });

  test('sign-outs at the same moment are all stored (they share writes)', async () => {
    const sessions = await EndedSessions.open(at(file), now);
    const ids = Array.from({ length: 50 }, (_, i) => `sid-${i}`);
    await Promise.all(ids.map((sid) => sessions.end(sid, clock + HOUR)));
    assert.deepEqual(Object.keys((await onDisk()).sessions).sort(), ids.slice().sort());
  });

  test('a failed write rejects, keeps the session ended in memory, and the next write stores it', async () => {
    const sessions = await EndedSessions.open(at(file), now);
    await rm(dir, { recursive: true });
    await assert.rejects(sessions.end('first', clock + HOUR));
    assert.equal(sessions.has('first'), true);
    await mkdir(dir);
    await sessions.end('second', clock + HOUR);
    assert.deepEqual(Object.keys((await onDisk()).sessions).sort(), ['first', 'second']);
  });

  for (const [name, content] of [
    ['not JSON', '{"version":1,"sess'],
    ['another format version', '{"version":2,"sessions":{}}'],
    ['sessions as a list', '{"version":1,"sessions":["abc"]}'],
    ['an expiry that is not a number', '{"version":1,"sessions":{"abc":"soon"}}'],
  ] as const) {
    test(`a file with ${name} is refused and left untouched`, async () => {
      await writeFile(file, content);
      await assert.rejects(EndedSessions.open(at(file), now), (error: unknown) => {
        assert.ok(error instanceof StorageError);
        assert.match(error.message, /ended-sessions\.json/);
        assert.match(error.message, /left untouched/);
        return true;
      });
      assert.equal(await readFile(file, 'utf8'), content);
    });
  }

  test('a temp file left by a killed process is removed when the file is opened', async () => {
    const stale = path.join(dir, '.ended-sessions.json.1234.abcd.tmp');
    await writeFile(stale, '{"version":1');
    await EndedSessions.open(at(file), now);
    assert.deepEqual(await readdir(dir), []);
  });

  test('after close, ending a session is refused', async () => {
    const sessions = await EndedSessions.open(at(file), now);
    await sessions.close();
    await assert.rejects(sessions.end('late', clock + HOUR), StorageError);
  });
});
