import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { StorageError } from './durable-json-file';
import { type NoticeRecord, OutboxFile } from './outbox-file';

const dirs: string[] = [];
after(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));
async function tempFile() {
  const dir = await mkdtemp(path.join(tmpdir(), 'outbox-test-'));
  dirs.push(dir);
  return path.join(dir, 'outbox.json');
}

const waiting: NoticeRecord = {
  inquiryId: 'a',
  channel: 'email',
  state: 'waiting',
  attempts: 1,
  queuedAt: '2026-11-23T21:05:00.000Z',
  updatedAt: '2026-11-23T21:05:01.000Z',
  failingSince: '2026-11-23T21:05:01.000Z',
  nextAttemptAt: '2026-11-23T21:05:11.000Z',
  lastAnswer: '451 4.3.0 Try again later',
};

test('notices and baselines survive a reopen; a settled notice never changes again', async () => {
  const file = await tempFile();
  const outbox = await OutboxFile.open(file);
  await outbox.setBaseline('email', { enabledAt: '2026-11-23T21:00:00.000Z', afterInquiryId: null });
  await Promise.all([
    outbox.put(waiting),
    outbox.put({ ...waiting, inquiryId: 'b', state: 'sent', attempts: 1, lastAnswer: '250 OK' }),
  ]);
  await outbox.put({ ...waiting, inquiryId: 'b', state: 'failed' }); // ignored: b is settled
  await outbox.close();

  const again = await OutboxFile.open(file);
  assert.deepEqual(again.baseline('email'), { enabledAt: '2026-11-23T21:00:00.000Z', afterInquiryId: null });
  assert.deepEqual(again.waiting(), [waiting]);
  assert.equal(again.get('b', 'email')?.state, 'sent');
  assert.equal(again.get('a', 'webhook'), undefined);
  await again.put({ ...waiting, state: 'sent', attempts: 2 });
  await again.close();

  const third = await OutboxFile.open(file);
  assert.deepEqual(third.waiting(), []);
  assert.deepEqual(
    third.settled().map((record) => [record.inquiryId, record.state, record.attempts]),
    [
      ['b', 'sent', 1],
      ['a', 'sent', 2],
    ],
  );
  JSON.parse(await readFile(file, 'utf8'));
  assert.deepEqual((await readdir(path.dirname(file))).sort(), ['outbox.json']);
  await third.close();
});

test('a corrupt or foreign file is refused and left untouched', async () => {
  for (const content of [
    '{"version":1,"waiting":[',
    '{"version":2,"baselines":{},"waiting":[],"settled":[]}',
  ]) {
    const file = await tempFile();
    await writeFile(file, content);
    await assert.rejects(OutboxFile.open(file), StorageError);
    assert.equal(await readFile(file, 'utf8'), content);
  }
});
