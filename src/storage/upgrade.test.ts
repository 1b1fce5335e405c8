import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { dataEntries, UPGRADE_STAGE_NAME } from './registry';
import { upgradeDataDir } from './upgrade';
import { upgradeSteps } from './upgrade-steps';

const dirs: string[] = [];
after(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));
async function dataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'upgrade-test-'));
  dirs.push(dir);
  return dir;
}

const notice = (inquiryId: string) => ({
  inquiryId,
  channel: 'email',
  state: 'sent',
  attempts: 1,
  queuedAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
});
const outboxV1 = JSON.stringify({
  version: 1,
  baselines: {},
  waiting: [],
  settled: [notice('a'), notice('b')],
});

test('the upgrade rule: every entry at version n has n − 1 steps, step i reading version i + 1', () => {
  for (const entry of dataEntries) {
    const steps = upgradeSteps[entry.name] ?? [];
    // An entry whose newer format only adds reads every older version as it is (decision 131).
    const asIs = entry.readsAsIs ?? [];
    if (asIs.length > 0) {
      assert.deepEqual(
        [...asIs].sort(),
        Array.from({ length: entry.version - 1 }, (_, i) => i + 1),
        entry.name,
      );
      assert.equal(steps.length, 0, `${entry.name} reads its older versions as they are: no steps`);
      continue;
    }
    assert.equal(steps.length, entry.version - 1, `${entry.name} is at version ${entry.version}`);
    for (const [i, step] of steps.entries()) assert.equal(step.from, i + 1, `${entry.name}'s step ${i}`);
    if (entry.kind !== 'json')
      assert.equal(entry.version, 1, `${entry.name} has no version marker to upgrade`);
  }
  for (const name of Object.keys(upgradeSteps))
    assert.ok(
      dataEntries.some((entry) => entry.name === name),
      `${name} is not in the registry`,
    );
});

test('a file newer than this release refuses the upgrade, naming both versions; nothing is written', async () => {
  const dir = await dataDir();
  const newer = JSON.stringify({ version: 3, baselines: {}, waiting: [] });
  await writeFile(path.join(dir, 'outbox.json'), newer);
  let backups = 0;
  await assert.rejects(
    upgradeDataDir(dir, { backup: async () => String(++backups) }),
    /outbox\.json has format version 3, but this release reads version 2: it was written by a newer release/,
  );
  assert.equal(backups, 0);
  assert.equal(await readFile(path.join(dir, 'outbox.json'), 'utf8'), newer);
  assert.deepEqual(await readdir(dir), ['outbox.json']);
});

test('an older version with no step, or a step whose input is not that version, is refused untouched', async () => {
  const dir = await dataDir();
  const unknown = JSON.stringify({ version: 0, inquiries: [] });
  await writeFile(path.join(dir, 'inquiries.json'), unknown);
  await assert.rejects(
    upgradeDataDir(dir, { backup: async () => 'x' }),
    /format version 0, which this release cannot upgrade/,
  );
  await rm(path.join(dir, 'inquiries.json'));
  const broken = JSON.stringify({ version: 1, baselines: {}, waiting: 'no' });
  await writeFile(path.join(dir, 'outbox.json'), broken);
  await assert.rejects(
    upgradeDataDir(dir, { backup: async () => 'x' }),
    /not a valid outbox\.json \(version 1\)/,
  );
  assert.equal(await readFile(path.join(dir, 'outbox.json'), 'utf8'), broken);
});

test('the backup comes first: when it fails, nothing changes and the next start tries again', async () => {
  const dir = await dataDir();
  await writeFile(path.join(dir, 'outbox.json'), outboxV1);
  await assert.rejects(
    upgradeDataDir(dir, {
      backup: async () => {
        throw new Error('BACKUP_DIR is full');
      },
    }),
    /BACKUP_DIR is full/,
  );
  assert.equal(await readFile(path.join(dir, 'outbox.json'), 'utf8'), outboxV1);
  assert.deepEqual(await readdir(dir), ['outbox.json']);
  const done = await upgradeDataDir(dir, { backup: async () => 'the archive' });
  assert.equal(done.backup, 'the archive');
  assert.equal(JSON.parse(await readFile(path.join(dir, 'outbox.json'), 'utf8')).version, 2);
  const settled = (await readFile(path.join(dir, 'settled-notices.jsonl'), 'utf8')).trim().split('\n');
  assert.deepEqual(
    settled.map((line) => JSON.parse(line).inquiryId ?? JSON.parse(line).file),
    ['settled-notices', 'a', 'b'],
  );
  assert.deepEqual((await readdir(dir)).sort(), ['outbox.json', 'settled-notices.jsonl']);
  assert.deepEqual((await upgradeDataDir(dir, { backup: async () => 'again' })).upgrades, [], 'done once');
});

test('a crash before the commit leaves the old files and is forgotten; after it, the next start finishes', async () => {
  const dir = await dataDir();
  await writeFile(path.join(dir, 'outbox.json'), outboxV1);
  // Killed while staging: a half-written staged file, no commit record.
  await mkdir(path.join(dir, UPGRADE_STAGE_NAME));
  await writeFile(path.join(dir, UPGRADE_STAGE_NAME, 'outbox.json'), '{"version":2,"basel');
  const retried = await upgradeDataDir(dir, { backup: async () => 'archive' });
  assert.deepEqual(
    retried.upgrades.map((u) => u.entry.name),
    ['outbox.json'],
  );
  const upgraded = await readFile(path.join(dir, 'outbox.json'), 'utf8');
  const settled = await readFile(path.join(dir, 'settled-notices.jsonl'), 'utf8');
  assert.equal(JSON.parse(upgraded).version, 2);

  // Killed after the commit, with outbox.json renamed in and settled-notices.jsonl not yet.
  const other = await dataDir();
  await writeFile(path.join(other, 'outbox.json'), upgraded);
  await mkdir(path.join(other, UPGRADE_STAGE_NAME));
  await writeFile(path.join(other, UPGRADE_STAGE_NAME, 'settled-notices.jsonl'), settled);
  await writeFile(
    path.join(other, UPGRADE_STAGE_NAME, 'commit.json'),
    JSON.stringify(['outbox.json', 'settled-notices.jsonl']),
  );
  let backups = 0;
  const finished = await upgradeDataDir(other, { backup: async () => String(++backups) });
  assert.deepEqual(finished.upgrades, []);
  assert.equal(backups, 0);
  assert.equal(await readFile(path.join(other, 'settled-notices.jsonl'), 'utf8'), settled);
  assert.deepEqual((await readdir(other)).sort(), ['outbox.json', 'settled-notices.jsonl']);
});
