import assert from 'node:assert/strict';
import { mkdir, readdir, readFile, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, test } from 'node:test';
import { inquiriesFile, postForm, postInquiry, readInquiriesFile, uniqueInquiry } from '../helpers/inquiries';
import { runServerExpectingFailure, startServer } from '../helpers/server';
import { suiteTempDirs } from '../helpers/suite';

const NO_LIMIT = { INQUIRY_RATE_LIMIT: 'off' };

describe('inquiry storage durability', () => {
  const tempDataDir = suiteTempDirs('durability');

  test('a missing file is created, empty and versioned', async () => {
    const dataDir = path.join(await tempDataDir(), 'not-yet');
    const server = await startServer({ dataDir, env: NO_LIMIT });
    try {
      assert.deepEqual(await readInquiriesFile(dataDir), { version: 1, inquiries: [] });
    } finally {
      await server.stop();
    }
  });

  test('500 concurrent submissions are all stored, each exactly once', async () => {
    const dataDir = await tempDataDir();
    const server = await startServer({ dataDir, env: NO_LIMIT });
    try {
      const responses = await Promise.all(
        Array.from({ length: 500 }, (_, i) => postInquiry(server.url, uniqueInquiry(`burst${i}`))),
      );
      assert.deepEqual(new Set(responses.map((res) => res.status)), new Set([201]));
      const ids = await Promise.all(responses.map(async (res) => (await res.json()).id as string));
      assert.equal(new Set(ids).size, 500);

      const { inquiries } = await readInquiriesFile(dataDir);
      assert.equal(inquiries.length, 500);
      assert.deepEqual(inquiries.map((inquiry) => inquiry.id).sort(), ids.slice().sort());
    } finally {
      await server.stop();
    }
  });

  test('killed with SIGKILL during a burst, it restarts with every acknowledged inquiry', async () => {
    const dataDir = await tempDataDir();
    const server = await startServer({ dataDir, env: NO_LIMIT });
    const acknowledged: string[] = [];
    let killed = false;
    // Workers keep submitting until the server dies under them, so writes are in flight at the kill.
    const worker = async (w: number) => {
      for (let i = 0; !killed; i += 1) {
        try {
          const res = await postInquiry(server.url, uniqueInquiry(`kill${w}-${i}`));
          if (res.status === 201) acknowledged.push((await res.json()).id);
        } catch {
          return; // the connection died with the server
        }
        if (acknowledged.length >= 150 && !killed) {
          killed = true;
          server.process.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 20 }, (_, w) => worker(w)));
    assert.equal(await server.stop(), null, 'the server died of the signal, not by exiting');

    const { inquiries } = await readInquiriesFile(dataDir);
    const stored = new Set(inquiries.map((inquiry) => inquiry.id));
    assert.equal(stored.size, inquiries.length, 'no inquiry stored twice');
    const missing = acknowledged.filter((id) => !stored.has(id));
    assert.deepEqual(missing, [], `${missing.length} of ${acknowledged.length} acknowledged inquiries lost`);

    // As a kill between open and rename leaves it (if this kill did not leave one already).
    await writeFile(path.join(dataDir, '.inquiries.json.99999.deadbeef.tmp'), '{"version":1,"inq');
    const restarted = await startServer({ dataDir, env: NO_LIMIT });
    try {
      assert.equal((await postInquiry(restarted.url, uniqueInquiry('after-kill'))).status, 201);
      assert.equal((await readInquiriesFile(dataDir)).inquiries.length, inquiries.length + 1);
      const leftovers = (await readdir(dataDir)).filter((name) => name.endsWith('.tmp'));
      assert.deepEqual(leftovers, [], 'temp files of the killed process are cleaned up');
    } finally {
      await restarted.stop();
    }
  });

  const refusals: [string, string][] = [
    ['garbage instead of JSON', '{"version":1,"inquiries":[{"id":"a",'],
    ['an unknown format version', '{"version":99,"inquiries":[]}\n'],
    ['no inquiries list', '{"version":1}\n'],
    ['an empty file', ''],
  ];
  for (const [label, content] of refusals) {
    test(`a file with ${label} stops the server, naming the file, and is left untouched`, async () => {
      const dataDir = await tempDataDir();
      const file = inquiriesFile(dataDir);
      await writeFile(file, content);
      const before = await stat(file);
      const { code, output } = await runServerExpectingFailure({ DATA_DIR: dataDir });
      assert.notEqual(code, 0);
      assert.ok(output.includes(file), output);
      assert.doesNotMatch(output, /listening on/);
      assert.equal(await readFile(file, 'utf8'), content);
      assert.equal((await stat(file)).mtimeMs, before.mtimeMs);
    });
  }

  test('an unreadable data file stops the server, naming the file', async () => {
    const dataDir = await tempDataDir();
    await mkdir(inquiriesFile(dataDir));
    const { code, output } = await runServerExpectingFailure({ DATA_DIR: dataDir });
    assert.notEqual(code, 0);
    assert.ok(output.includes(inquiriesFile(dataDir)), output);
  });

  test('a failed write answers 503, and everything stored before is kept', async () => {
    const dataDir = await tempDataDir();
    const file = inquiriesFile(dataDir);
    const server = await startServer({ dataDir, env: NO_LIMIT });
    try {
      const first = await postInquiry(server.url, uniqueInquiry('before-failure'));
      assert.equal(first.status, 201);
      const { id: firstId } = await first.json();

      // A directory in the file's place makes the rename of the next write fail.
      await rm(file);
      await mkdir(path.join(file, 'blocker'), { recursive: true });
      const failed = uniqueInquiry('during-failure');
      const res = await postInquiry(server.url, failed);
      assert.equal(res.status, 503);
      assert.match((await res.json()).message, /could not be saved/);
      const form = await postForm(server.url, { ...uniqueInquiry('form-during-failure'), phone: '' });
      assert.equal(form.status, 503);

      await rmdir(path.join(file, 'blocker'));
      await rmdir(file);
      const third = await postInquiry(server.url, uniqueInquiry('after-failure'));
      assert.equal(third.status, 201);
      const { id: thirdId } = await third.json();

      const { inquiries } = await readInquiriesFile(dataDir);
      assert.deepEqual(
        inquiries.map((inquiry) => inquiry.id),
        [firstId, thirdId],
      );
    } finally {
      await server.stop();
    }
  });
});
