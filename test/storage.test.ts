import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { InquiryLog } from '../src/storage/inquiry-log';
import { JsonArrayEncoder } from '../src/storage/json-array-encoder';

const item = (i: number, text = 'plain') => ({ id: `id-${i}`, text });
const asJson = (list: readonly unknown[]) => JSON.stringify(list).slice(1, -1);

describe('JsonArrayEncoder', () => {
  test('encodes exactly what JSON.stringify does, as items are appended', () => {
    const encoder = new JsonArrayEncoder<object>();
    const list: object[] = [];
    assert.equal(encoder.encode(list).toString(), '');
    // Past the initial 64 KB, so the buffer grows several times.
    for (let i = 0; i < 2000; i += 1) {
      list.push(item(i, 'x'.repeat(i % 300)));
      if (i % 97 === 0 || i === 1999) assert.equal(encoder.encode(list).toString(), asJson(list), `at ${i}`);
    }
  });

  test('multi-byte characters, quotes, newlines and line separators', () => {
    const encoder = new JsonArrayEncoder<object>();
    const list = [item(1, 'Zoë 🐶 "quoted"\nnext line'), item(2, '\u2028\u2029\\'), item(3, '日本語')];
    assert.equal(encoder.encode(list).toString('utf8'), asJson(list));
    assert.deepEqual(JSON.parse(`[${encoder.encode(list).toString('utf8')}]`), list);
  });

  test('a list cut back to an earlier prefix, then grown with other items', () => {
    const encoder = new JsonArrayEncoder<object>();
    const committed = [item(1), item(2)];
    encoder.encode(committed);
    encoder.encode([...committed, item(3), item(4)]); // a write that then failed
    assert.equal(encoder.encode(committed).toString(), asJson(committed));
    const next = [...committed, item(5)];
    assert.equal(encoder.encode(next).toString(), asJson(next));
    assert.equal(encoder.encode([]).toString(), '');
    const fresh = [item(6)];
    assert.equal(encoder.encode(fresh).toString(), asJson(fresh));
  });
});

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
    const log = await InquiryLog.open(file);
    const created = await Promise.all([log.create(input(1)), log.create(input(2)), log.create(input(3))]);
    const text = await readFile(file, 'utf8');
    assert.equal(text, `${JSON.stringify({ version: 1, inquiries: created })}\n`);
    const later = await log.create({ ...input(4), phone: '555', puppy: 'Zoë 🐶' });
    assert.deepEqual(JSON.parse(await readFile(file, 'utf8')).inquiries, [...created, later]);
    await log.close();
  });

  test('lists newest first, and reopening reads back what was written', async () => {
    const file = await tempFile();
    const log = await InquiryLog.open(file);
    const first = await log.create(input(1));
    const second = await log.create(input(2));
    assert.deepEqual(log.list(), [second, first]);
    await log.close();
    const reopened = await InquiryLog.open(file);
    assert.deepEqual(reopened.list(), [second, first]);
    const third = await reopened.create(input(3));
    assert.deepEqual(JSON.parse(await readFile(file, 'utf8')).inquiries, [first, second, third]);
    await reopened.close();
  });

  test('a closed log refuses new inquiries', async () => {
    const log = await InquiryLog.open(await tempFile());
    await log.close();
    await assert.rejects(log.create(input(1)), /closed/);
  });
});
