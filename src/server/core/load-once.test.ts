import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { loadOnce } from './load-once';

describe('loadOnce', () => {
  test('loads at the first call, not before, and every call gets the same module', async () => {
    let loads = 0;
    const load = loadOnce(async () => {
      loads += 1;
      return { loaded: loads };
    });
    assert.equal(loads, 0);
    const [first, second] = await Promise.all([load(), load()]);
    assert.equal(loads, 1);
    assert.equal(first, second);
    assert.equal(await load(), first);
  });

  test('a load that fails fails the same way at each use, without loading again', async () => {
    let loads = 0;
    const load = loadOnce(async () => {
      loads += 1;
      throw new Error('Cannot find package');
    });
    await assert.rejects(load(), /Cannot find package/);
    await assert.rejects(load(), /Cannot find package/);
    assert.equal(loads, 1);
  });
});
