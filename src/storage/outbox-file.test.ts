import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { StorageError, WriteGate } from './durable-write';
import { type NoticeRecord, OutboxFile } from './outbox-file';
import { upgradeDataDir } from './upgrade';

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
  const outbox = await OutboxFile.open(path.dirname(file), new WriteGate());
  await outbox.setBaseline('email', { enabledAt: '2026-11-23T21:00:00.000Z', afterInquiryId: null });
  await Promise.all([
    outbox.put(waiting),
    outbox.put({ ...waiting, inquiryId: 'b', state: 'sent', attempts: 1, lastAnswer: '250 OK' }),
  ]);
  await outbox.put({ ...waiting, inquiryId: 'b', state: 'failed' }); // ignored: b is settled
  await outbox.close();

  const again = await OutboxFile.open(path.dirname(file), new WriteGate());
  assert.deepEqual(again.baseline('email'), { enabledAt: '2026-11-23T21:00:00.000Z', afterInquiryId: null });
  assert.deepEqual(again.waiting(), [waiting]);
  assert.equal(again.get('b', 'email')?.state, 'sent');
  assert.equal(again.get('a', 'webhook'), undefined);
  await again.put({ ...waiting, state: 'sent', attempts: 2 });
  await again.close();

  const third = await OutboxFile.open(path.dirname(file), new WriteGate());
  assert.deepEqual(third.waiting(), []);
  assert.deepEqual(
    third.settled().map((record) => [record.inquiryId, record.state, record.attempts]),
    [
      ['b', 'sent', 1],
      ['a', 'sent', 2],
    ],
  );
  JSON.parse(await readFile(file, 'utf8'));
  assert.deepEqual((await readdir(path.dirname(file))).sort(), ['outbox.json', 'settled-notices.jsonl']);
  await third.close();
});

test('a corrupt or foreign file is refused and left untouched', async () => {
  for (const content of [
    '{"version":1,"waiting":[',
    '{"version":3,"baselines":{},"waiting":[]}',
    '{"version":1,"baselines":{},"waiting":[]}',
    '{"version":2,"baselines":{},"waiting":[{"inquiryId":"a"}]}',
  ]) {
    const file = await tempFile();
    await writeFile(file, content);
    await assert.rejects(OutboxFile.open(path.dirname(file), new WriteGate()), StorageError);
    assert.equal(await readFile(file, 'utf8'), content);
  }
});

const settledFile = (file: string) => path.join(path.dirname(file), 'settled-notices.jsonl');
const sent = (inquiryId: string, updatedAt: string): NoticeRecord => ({
  ...waiting,
  inquiryId,
  state: 'sent',
  updatedAt,
  nextAttemptAt: undefined,
  lastAnswer: '250 OK',
});

test('settled notices are appended: what is stored is never rewritten, outbox.json stays small', async () => {
  const file = await tempFile();
  const outbox = await OutboxFile.open(path.dirname(file), new WriteGate());
  await outbox.put(sent('a', new Date().toISOString()));
  const first = await readFile(settledFile(file), 'utf8');
  const outboxBefore = await readFile(file, 'utf8');
  await Promise.all([
    outbox.put(sent('b', new Date().toISOString())),
    outbox.put(sent('c', new Date().toISOString())),
  ]);
  const second = await readFile(settledFile(file), 'utf8');
  assert.ok(second.startsWith(first), 'the earlier lines are unchanged');
  assert.deepEqual(
    second
      .trimEnd()
      .split('\n')
      .slice(1)
      .map((line) => JSON.parse(line).inquiryId),
    ['a', 'b', 'c'],
  );
  assert.equal(
    await readFile(file, 'utf8'),
    outboxBefore,
    'outbox.json not rewritten for a notice that never waited',
  );
  assert.doesNotMatch(outboxBefore, /"settled"/);
  await outbox.close();
});

test('settled notices older than 30 days are pruned at start; none of them is owed again', async () => {
  const file = await tempFile();
  const day = 24 * 60 * 60_000;
  const now = Date.parse('2026-11-26T12:00:00.000Z');
  const outbox = await OutboxFile.open(path.dirname(file), new WriteGate(), () => now - 40 * day);
  await outbox.put(sent('old', new Date(now - 31 * day).toISOString()));
  await outbox.put(sent('recent', new Date(now - 29 * day).toISOString()));
  await outbox.close();

  const later = await OutboxFile.open(path.dirname(file), new WriteGate(), () => now);
  assert.deepEqual(
    later.settled().map((record) => record.inquiryId),
    ['recent'],
  );
  assert.doesNotMatch(await readFile(settledFile(file), 'utf8'), /"old"/);
  await later.close();
});

test('an outbox.json of version 1 is upgraded at start: its settled notices move to their own file', async () => {
  const file = await tempFile();
  const old = sent('v1', new Date().toISOString());
  const baselines = { email: { enabledAt: '2026-11-23T21:00:00.000Z', afterInquiryId: null } };
  await writeFile(file, JSON.stringify({ version: 1, baselines, waiting: [waiting], settled: [old] }));
  await assert.rejects(OutboxFile.open(path.dirname(file), new WriteGate()), /format version 1, expected 2/);
  const backups: string[] = [];
  const { upgrades } = await upgradeDataDir(path.dirname(file), {
    backup: async () => {
      backups.push(await readFile(file, 'utf8'));
      return 'archive';
    },
  });
  assert.deepEqual(
    upgrades.map((u) => [u.entry.name, u.from, u.to]),
    [['outbox.json', 1, 2]],
  );
  assert.match(backups[0] ?? '', /"version":1/, 'the backup is taken before anything changes');
  const outbox = await OutboxFile.open(path.dirname(file), new WriteGate());
  assert.equal(outbox.get('v1', 'email')?.state, 'sent');
  assert.deepEqual(outbox.waiting(), [waiting]);
  await outbox.close();
  assert.deepEqual(JSON.parse(await readFile(file, 'utf8')), { version: 2, baselines, waiting: [waiting] });
  assert.match(await readFile(settledFile(file), 'utf8'), /"v1"/);
});

test('a line cut off by a crash is dropped; a bad line before the end refuses the file, untouched', async () => {
  const file = await tempFile();
  const outbox = await OutboxFile.open(path.dirname(file), new WriteGate());
  await outbox.put(sent('whole', new Date().toISOString()));
  await outbox.close();
  const whole = await readFile(settledFile(file), 'utf8');

  await writeFile(settledFile(file), `${whole}{"inquiryId":"cut","chan`);
  const reopened = await OutboxFile.open(path.dirname(file), new WriteGate());
  assert.deepEqual(
    reopened.settled().map((record) => record.inquiryId),
    ['whole'],
  );
  assert.equal(reopened.get('cut', 'email'), undefined, 'still owed');
  await reopened.close();
  assert.equal(await readFile(settledFile(file), 'utf8'), whole);

  const corrupt = `${whole}{"inquiryId":"bad"}\n${whole.split('\n')[1]}\n`;
  await writeFile(settledFile(file), corrupt);
  await assert.rejects(OutboxFile.open(path.dirname(file), new WriteGate()), StorageError);
  assert.equal(await readFile(settledFile(file), 'utf8'), corrupt);
});
