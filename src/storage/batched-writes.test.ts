import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BatchedWrites } from './batched-writes';

test('requests of one turn share a write; those during a write go into the next', async () => {
  const writes: number[][] = [];
  let release: () => void = () => {};
  const batched = new BatchedWrites<number>(async (batch) => {
    writes.push(batch);
    if (writes.length === 1) await new Promise<void>((resolve) => (release = resolve));
  });
  const first = [batched.request(1), batched.request(2)];
  await new Promise((resolve) => setImmediate(resolve));
  const second = [batched.request(3), batched.request(4)];
  release();
  await Promise.all([...first, ...second]);
  assert.deepEqual(writes, [
    [1, 2],
    [3, 4],
  ]);
});

test('a failed write rejects its own batch only; after close every request is refused', async () => {
  let fail = true;
  const batched = new BatchedWrites<string>(
    async () => {
      if (fail) throw new Error('disk full');
    },
    { closedMessage: 'The outbox is closed' },
  );
  await assert.rejects(batched.request('a'), /disk full/);
  fail = false;
  await batched.request('b');
  const last = batched.request('c');
  await batched.close();
  await last; // accepted before close: written before close resolves
  assert.equal(batched.closed, true);
  await assert.rejects(batched.request('d'), /The outbox is closed/);
});
