import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { StorageError, WriteGate } from './durable-write';
import { SalesFile } from './sales-file';

describe('SalesFile (sales.json)', () => {
  let dir: string;
  let file: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sales-file-'));
    file = path.join(dir, 'sales.json');
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  test('a fresh install reads as empty and writes nothing until the first change', async () => {
    const sales = await SalesFile.open({ file, gate: new WriteGate() });
    assert.deepEqual(sales.data, { inquiries: {}, reservations: [], waitlist: [], nextLitter: null });
    assert.deepEqual(await readdir(dir), []);
    await sales.close();
  });

  test('a change is on disk when it resolves, and read back after a reopen', async () => {
    const sales = await SalesFile.open({ file, gate: new WriteGate() });
    let heard = 0;
    sales.onChange(() => (heard += 1));
    await sales.change((data) => [{ ...data, inquiries: { a: { status: 'contacted' } } }, null]);
    assert.equal(heard, 1);
    const onDisk = JSON.parse(await readFile(file, 'utf8'));
    assert.equal(onDisk.version, 1);
    assert.deepEqual(onDisk.inquiries, { a: { status: 'contacted' } });
    await sales.close();
    const again = await SalesFile.open({ file, gate: new WriteGate() });
    assert.deepEqual(again.data.inquiries, { a: { status: 'contacted' } });
    await again.close();
  });

  test('a change that throws changes nothing, and the next one still runs', async () => {
    const sales = await SalesFile.open({ file, gate: new WriteGate() });
    await assert.rejects(
      sales.change(() => {
        throw new Error('refused');
      }),
      /refused/,
    );
    assert.deepEqual(sales.data.inquiries, {});
    await sales.change((data) => [{ ...data, waitlist: ['x'] }, null]);
    assert.deepEqual(sales.data.waitlist, ['x']);
    await sales.close();
    await assert.rejects(
      sales.change((data) => [data, null]),
      StorageError,
    );
  });

  test('a corrupt or foreign file is refused and left untouched', async () => {
    for (const content of ['{not json', '{"version":3,"inquiries":{},"reservations":[]}', '{"version":1}']) {
      await writeFile(file, content);
      await assert.rejects(SalesFile.open({ file, gate: new WriteGate() }), StorageError);
      assert.equal(await readFile(file, 'utf8'), content);
    }
  });

  test('version 1 until an application status is kept, then 2 (decision 131); a version 1 file is read as it is', async () => {
    const earlier = '{"version":1,"inquiries":{"a":{"status":"contacted"}},"reservations":[],"waitlist":[]}';
    await writeFile(file, earlier);
    const sales = await SalesFile.open({ file, gate: new WriteGate() });
    assert.equal(sales.data.inquiries.a?.status, 'contacted');
    assert.equal(await readFile(file, 'utf8'), earlier, 'opened, never rewritten');
    await sales.change((data) => [
      { ...data, inquiries: { ...data.inquiries, b: { status: 'closed' } } },
      null,
    ]);
    assert.equal(JSON.parse(await readFile(file, 'utf8')).version, 1, 'nothing of version 2 in it yet');
    await sales.change((data) => [
      { ...data, inquiries: { ...data.inquiries, c: { status: 'applied' } } },
      null,
    ]);
    assert.equal(JSON.parse(await readFile(file, 'utf8')).version, 2);
    // Version 2 stays once written, even when the status changes again.
    await sales.change((data) => [
      { ...data, inquiries: { ...data.inquiries, c: { status: 'contacted' } } },
      null,
    ]);
    assert.equal(JSON.parse(await readFile(file, 'utf8')).version, 2);
    await sales.close();
    const again = await SalesFile.open({ file, gate: new WriteGate() });
    assert.equal(again.data.inquiries.c?.status, 'contacted');
    await again.close();
  });
});
