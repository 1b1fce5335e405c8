import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { writeFileDurably } from './durable-write';

describe('writeFileDurably (a file beside DATA_DIR: an archive, the last backup run in BACKUP_DIR)', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'durable-write-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  test('replaces the file whole, mode 600, and leaves no temp file', async () => {
    const file = path.join(dir, '.last-run.json');
    await writeFileDurably(file, '{"a":1}\n');
    await writeFileDurably(file, '{"b":2}\n');
    assert.equal(await readFile(file, 'utf8'), '{"b":2}\n');
    assert.equal((await stat(file)).mode & 0o777, 0o600);
    assert.deepEqual(await readdir(dir), ['.last-run.json']);
  });

  test('a failed write (the rename refused) leaves what was there, and no temp file', async () => {
    // A folder in the file's place: the temp file is written and synced, the rename fails.
    const file = path.join(dir, '.last-run.json');
    await mkdir(file);
    await writeFile(path.join(file, 'kept'), 'old\n');
    await assert.rejects(writeFileDurably(file, 'new\n'), { code: 'EISDIR' });
    assert.equal(await readFile(path.join(file, 'kept'), 'utf8'), 'old\n');
    assert.deepEqual(await readdir(dir), ['.last-run.json']);
  });

  test('a stream is written whole; one that fails midway leaves no file and no temp file', async () => {
    const file = path.join(dir, 'archive.tar.gz');
    const chunks = Array.from({ length: 64 }, (_, i) => Buffer.alloc(16_384, i));
    await writeFileDurably(file, Readable.from(chunks));
    assert.deepEqual(await readFile(file), Buffer.concat(chunks));

    const cut = path.join(dir, 'cut.tar.gz');
    async function* cutOff() {
      yield Buffer.alloc(16_384, 1);
      throw new Error('connection lost');
    }
    await assert.rejects(writeFileDurably(cut, Readable.from(cutOff())), /connection lost/);
    assert.deepEqual(await readdir(dir), ['archive.tar.gz']);
  });
});
