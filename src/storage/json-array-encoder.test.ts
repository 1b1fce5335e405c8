import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { JsonArrayEncoder } from './json-array-encoder';

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

  test('an object\'s members, with encodeItem giving each its `"key":value`', () => {
    const encoder = new JsonArrayEncoder<[string, object]>(
      ([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`,
    );
    const members: [string, object][] = [
      ['a', { x: 1 }],
      ['b "quoted"', {}],
    ];
    assert.equal(`{${encoder.encode(members).toString()}}`, JSON.stringify(Object.fromEntries(members)));
  });
});
