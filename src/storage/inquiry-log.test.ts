import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { WriteGate } from './durable-write';
import { InquiryLog } from './inquiry-log';

const at = (file: string) => ({ file, gate: new WriteGate() });

describe('InquiryLog', () => {
  const dirs: string[] = [];
  const tempFile = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'doodles-storage-'));
    dirs.push(dir);
    return path.join(dir, 'inquiries.json');
  };
  after(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));
  const input = (i: number) => ({
    name: `Family ${i}`,
    email: `f${i}@example.com`,
    message: 'Hello puppies!',
  });

  test('each inquiry is in the file when its create resolves; the file is plain JSON', async () => {
    const file = await tempFile();
    const log = await InquiryLog.open(at(file));
    const created = await Promise.all([log.create(input(1)), log.create(input(2)), log.create(input(3))]);
    const text = await readFile(file, 'utf8');
    assert.equal(text, `${JSON.stringify({ version: 1, inquiries: created })}\n`);
    const later = await log.create({ ...input(4), phone: '555', puppy: 'Zoë 🐶' });
    assert.deepEqual(JSON.parse(await readFile(file, 'utf8')).inquiries, [...created, later]);
    await log.close();
  });

  test('lists newest first, and reopening reads back what was written', async () => {
    const file = await tempFile();
    const log = await InquiryLog.open(at(file));
    const first = await log.create(input(1));
    const second = await log.create(input(2));
    assert.deepEqual(log.list(), [second, first]);
    await log.close();
    const reopened = await InquiryLog.open(at(file));
    assert.deepEqual(reopened.list(), [second, first]);
    const third = await reopened.create(input(3));
    assert.deepEqual(JSON.parse(await readFile(file, 'utf8')).inquiries, [first, second, third]);
    await reopened.close();
  });

  test('an inquiry whose write failed is refused, never listed, and not in the next write', async () => {
    const file = await tempFile();
    const log = await InquiryLog.open(at(file));
    const first = await log.create(input(1));
    // The directory gone: the write fails (ENOENT), as on a disk that refuses writes.
    await rm(path.dirname(file), { recursive: true });
    await assert.rejects(log.create(input(2)));
    assert.deepEqual(log.list(), [first]);
    await mkdir(path.dirname(file));
    const third = await log.create(input(3));
    assert.deepEqual(log.list(), [third, first]);
    assert.equal(
      await readFile(file, 'utf8'),
      `${JSON.stringify({ version: 1, inquiries: [first, third] })}\n`,
    );
    await log.close();
  });

  test('forget rewrites the file without those inquiries, the others byte for byte, appends in order', async () => {
    const file = await tempFile();
    const log = await InquiryLog.open(at(file));
    const [a, b, c] = await Promise.all([log.create(input(1)), log.create(input(2)), log.create(input(3))]);
    // A submission arriving with the removal joins the same write, after the kept ones.
    const [, d] = await Promise.all([log.forget([b.id, 'no-such-id']), log.create(input(4))]);
    const expected = `${JSON.stringify({ version: 1, inquiries: [a, c, d] })}\n`;
    assert.equal(await readFile(file, 'utf8'), expected);
    assert.deepEqual(log.list(), [d, c, a]);
    assert.equal(log.has(b.id), false);
    await log.forget([b.id]); // nothing left to remove: nothing written
    const e = await log.create(input(5));
    assert.deepEqual(JSON.parse(await readFile(file, 'utf8')).inquiries, [a, c, d, e]);
    await log.close();
  });

  test('a removal whose write failed changes nothing', async () => {
    const file = await tempFile();
    const log = await InquiryLog.open(at(file));
    const [a, b] = await Promise.all([log.create(input(1)), log.create(input(2))]);
    await rm(path.dirname(file), { recursive: true });
    await assert.rejects(log.forget([a.id]));
    assert.deepEqual(log.list(), [b, a]);
    await mkdir(path.dirname(file));
    const c = await log.create(input(3));
    assert.deepEqual(JSON.parse(await readFile(file, 'utf8')).inquiries, [a, b, c]);
    await log.close();
  });

  test('a closed log refuses new inquiries', async () => {
    const log = await InquiryLog.open(at(await tempFile()));
    await log.close();
    await assert.rejects(log.create(input(1)), /closed/);
  });
});
