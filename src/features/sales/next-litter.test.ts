import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { expectedInWords } from '../../shared/litter-words';
import { nextLitterInput } from './next-litter';

describe('the next litter', () => {
  test('the expected date in words: a month, a day, or nothing', () => {
    assert.equal(expectedInWords('2027-03'), 'March 2027');
    assert.equal(expectedInWords('2027-03-14'), 'March 14, 2027');
    assert.equal(expectedInWords('2027-12-01'), 'December 1, 2027');
    assert.equal(expectedInWords(''), '');
  });

  test('the schema: blank, a month or a real day; trimmed; limits; no other key', () => {
    const base = { shown: true, expected: '', parents: '', description: '' };
    for (const expected of ['', '2027-01', '2028-02-29', ' 2027-03 '])
      assert.ok(nextLitterInput.safeParse({ ...base, expected }).success, expected);
    for (const expected of ['2027-00', '2027-13', '2027-02-29', '2027-3', '27-03', 'March 2027'])
      assert.ok(!nextLitterInput.safeParse({ ...base, expected }).success, expected);
    const parsed = nextLitterInput.parse({ ...base, expected: ' 2027-03 ', parents: ' A × B ' });
    assert.equal(parsed.expected, '2027-03');
    assert.equal(parsed.parents, 'A × B');
    assert.ok(nextLitterInput.safeParse({ ...base, parents: 'x'.repeat(120) }).success);
    assert.ok(!nextLitterInput.safeParse({ ...base, parents: 'x'.repeat(121) }).success);
    assert.ok(nextLitterInput.safeParse({ ...base, description: 'x'.repeat(600) }).success);
    assert.ok(!nextLitterInput.safeParse({ ...base, description: 'x'.repeat(601) }).success);
    assert.ok(!nextLitterInput.safeParse({ ...base, extra: true }).success);
    assert.ok(!nextLitterInput.safeParse({ ...base, shown: 'true' }).success);
  });
});
