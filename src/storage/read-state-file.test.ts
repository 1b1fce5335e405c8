import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { StorageError, WriteGate } from './durable-write';
import { ReadStateFile } from './read-state-file';
import { inquiryReadsFile } from './registry';

const fileAt = (file: string) => ({ file, gate: new WriteGate() });

let dir: string;
before(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'doodles-reads-'));
});
after(() => rm(dir, { recursive: true, force: true }));

const fileIn = async (name: string) => path.join(dir, name);

describe('ReadStateFile', () => {
  test('a fresh file reads as nothing read, and writes nothing until the first mark', async () => {
    const file = await fileIn('fresh.json');
    const reads = await ReadStateFile.open(fileAt(file));
    assert.equal(reads.readAt('a'), null);
    assert.equal(reads.all().size, 0);
    assert.deepEqual(
      (await readdir(dir)).filter((name) => name.startsWith('fresh')),
      [],
    );
  });

  test('a mark is on disk when it resolves, and survives reopening', async () => {
    const file = await fileIn('marks.json');
    const reads = await ReadStateFile.open(fileAt(file));
    const at = new Date('2026-11-23T10:00:00.000Z');
    assert.equal(await reads.markRead('id-1', at), at.toISOString());
    assert.equal(reads.readAt('id-1'), at.toISOString());
    const stored = JSON.parse(await readFile(file, 'utf8'));
    assert.deepEqual(stored, { version: inquiryReadsFile.version, reads: { 'id-1': at.toISOString() } });
    await reads.close();
    const reopened = await ReadStateFile.open(fileAt(file));
    assert.equal(reopened.readAt('id-1'), at.toISOString());
  });

  test('the first read time is kept: marking again changes nothing', async () => {
    const file = await fileIn('again.json');
    const reads = await ReadStateFile.open(fileAt(file));
    const first = await reads.markRead('x', new Date('2026-01-01T00:00:00.000Z'));
    const second = await reads.markRead('x', new Date('2026-06-01T00:00:00.000Z'));
    assert.equal(second, first);
    assert.equal(reads.readAt('x'), '2026-01-01T00:00:00.000Z');
  });

  test('a burst of marks is batched and every one is kept', async () => {
    const file = await fileIn('burst.json');
    const reads = await ReadStateFile.open(fileAt(file));
    const ids = Array.from({ length: 200 }, (_, i) => `id-${i}`);
    await Promise.all(ids.map((id) => reads.markRead(id)));
    await reads.close();
    const stored = JSON.parse(await readFile(file, 'utf8'));
    assert.equal(Object.keys(stored.reads).length, 200);
  });

  test('a corrupt or foreign file is refused and left untouched', async () => {
    for (const [name, content] of [
      ['corrupt.json', '{"version":1,"reads":{'],
      ['future.json', '{"version":2,"reads":{}}'],
      ['array.json', '{"version":1,"reads":[]}'],
      ['values.json', '{"version":1,"reads":{"a":5}}'],
    ] as const) {
      const file = await fileIn(name);
      await writeFile(file, content);
      await assert.rejects(ReadStateFile.open(fileAt(file)), StorageError, name);
      assert.equal(await readFile(file, 'utf8'), content, `${name} untouched`);
    }
  });

  test('after close, a new mark is refused', async () => {
    const reads = await ReadStateFile.open(fileAt(await fileIn('closed.json')));
    await reads.close();
    await assert.rejects(reads.markRead('late'), StorageError);
  });
});
