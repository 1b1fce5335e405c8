import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Inquiry } from '../../shared/api';
import { compileSearch, normalizeForSearch, warmSearchText } from './search-text.server';

const inquiry = (fields: Partial<Inquiry>): Inquiry => ({
  id: 'x',
  name: 'Zoë Ångström',
  email: 'Zoe.A@Example.com',
  phone: '(928) 555-0100',
  message: 'We would love a crème-coloured puppy, ideally Bella.',
  createdAt: '2026-11-23T10:00:00.000Z',
  ...fields,
});

const finds = (query: string, item = inquiry({})) => {
  const search = compileSearch(query);
  assert.ok(search, `"${query}" is a search`);
  return search(item);
};

describe('normalizeForSearch', () => {
  test('drops case and accents', () => {
    assert.equal(normalizeForSearch('Zoë ÅNGSTRÖM Crème Niño'), 'zoe angstrom creme nino');
  });
});

describe('compileSearch', () => {
  test('an empty or blank query is no search', () => {
    assert.equal(compileSearch(''), null);
    assert.equal(compileSearch('   \t'), null);
  });

  test('matches name, email, phone and message, ignoring case and accents either way', () => {
    assert.ok(finds('zoe'));
    assert.ok(finds('ANGSTROM'));
    assert.ok(finds('Zoë'));
    assert.ok(finds('example.COM'));
    assert.ok(finds('creme'));
    assert.ok(finds('crème'));
    assert.ok(finds('555-0100'));
  });

  test('every word must match, in any field and any order', () => {
    assert.ok(finds('bella zoe'));
    assert.equal(finds('bella luna'), false);
  });

  test('a phone number matches however it is punctuated', () => {
    assert.ok(finds('9285550100'));
    assert.ok(finds('928.555.0100'));
    assert.ok(finds('(928)'));
    assert.equal(finds('9285550199'), false);
  });

  test('the puppy and the date are not searched (the puppy has its own filter)', () => {
    assert.equal(finds('luna', inquiry({ puppy: 'Luna' })), false);
    assert.equal(finds('2026-11'), false);
  });

  test('a word never matches across two fields', () => {
    assert.equal(finds('angstromzoe'), false);
    assert.equal(finds('com(928)'), false);
  });

  test('characters special to regular expressions are plain text', () => {
    assert.equal(finds('.*'), false);
    assert.ok(finds('crème-coloured'));
    assert.ok(finds('bella.', inquiry({})));
  });
});

describe('warmSearchText', () => {
  test('computes every search text ahead of the first search, once per inquiry', async () => {
    const many = Array.from({ length: 1200 }, (_, i) => inquiry({ id: String(i), name: `Renée ${i}` }));
    await warmSearchText(many, 100);
    // Stored inquiries never change; changing one here shows the text was computed before.
    for (const item of many) item.name = 'changed';
    const search = compileSearch('renee 1199');
    assert.deepEqual(
      many.filter((item) => search?.(item)).map((item) => item.id),
      ['1199'],
    );
    assert.equal(many.filter((item) => compileSearch('changed')?.(item)).length, 0);
  });
});
