import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { WriteGate } from './durable-write';
import { InquirySources } from './inquiry-sources';

const at = (file: string) => ({ file, gate: new WriteGate() });
const fileOf = (sources: Record<string, object>) => `${JSON.stringify({ version: 1, sources })}\n`;

describe('InquirySources', () => {
  const dirs: string[] = [];
  const tempFile = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'doodles-storage-'));
    dirs.push(dir);
    return path.join(dir, 'inquiry-sources.json');
  };
  after(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  test('the file is plain JSON with every source, in the order recorded, once each resolves', async () => {
    const file = await tempFile();
    const sources = await InquirySources.open(at(file));
    await Promise.all([
      sources.record('a', { referrer: 'facebook.com' }),
      sources.record('b', {}),
      sources.record('c', { source: 'flyer', campaign: 'Zoë 🐶 "spring"' }),
    ]);
    const expected: Record<string, object> = {
      a: { referrer: 'facebook.com' },
      b: {},
      c: { source: 'flyer', campaign: 'Zoë 🐶 "spring"' },
    };
    assert.equal(await readFile(file, 'utf8'), fileOf(expected));
    // Past the encoder's first 64 KB, written in many batches.
    for (let i = 0; i < 1500; i += 1) expected[`id-${i}`] = { medium: `m${i % 7}` };
    await Promise.all(
      Object.keys(expected)
        .slice(3)
        .map((id) => sources.record(id, expected[id] ?? {})),
    );
    assert.equal(await readFile(file, 'utf8'), fileOf(expected));
    assert.deepEqual(sources.get('c'), expected.c);
    await sources.close();
    const reopened = await InquirySources.open(at(file));
    assert.deepEqual(reopened.get('id-1499'), { medium: 'm1' });
    await reopened.record('d', { referrer: 'google.com' });
    assert.equal(await readFile(file, 'utf8'), fileOf({ ...expected, d: { referrer: 'google.com' } }));
    await reopened.close();
  });

  test('a source recorded again replaces the old one where it stood', async () => {
    const file = await tempFile();
    const sources = await InquirySources.open(at(file));
    await sources.record('a', { referrer: 'one.example' });
    await sources.record('b', {});
    await sources.record('a', { referrer: 'two.example' });
    assert.equal(await readFile(file, 'utf8'), fileOf({ a: { referrer: 'two.example' }, b: {} }));
    await sources.record('c', {});
    assert.equal(await readFile(file, 'utf8'), fileOf({ a: { referrer: 'two.example' }, b: {}, c: {} }));
    assert.deepEqual(sources.get('a'), { referrer: 'two.example' });
    await sources.close();
  });

  test('a failed write is refused and leaves nothing behind: the next write holds only what resolved', async () => {
    const file = await tempFile();
    const sources = await InquirySources.open(at(file));
    await sources.record('a', { referrer: 'facebook.com' });
    // The directory gone: the write fails (ENOENT), as on a disk that refuses writes.
    await rm(path.dirname(file), { recursive: true });
    await assert.rejects(sources.record('lost', { source: 'flyer' }));
    assert.equal(sources.get('lost'), undefined);
    await mkdir(path.dirname(file));
    await sources.record('b', {});
    assert.equal(await readFile(file, 'utf8'), fileOf({ a: { referrer: 'facebook.com' }, b: {} }));
    await sources.close();
  });
});
