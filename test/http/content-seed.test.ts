/**
 * A fresh install's `/` is the spec's page: byte for byte the page this site rendered before its
 * content moved to DATA_DIR (test/fixtures/landing-spec.html, captured from that build with
 * PUBLIC_URL=https://saguaro.example), apart from what a build or an install names by itself
 * (see normalizePage). And the seed is what site.json holds after the first start.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, test } from 'node:test';
import { normalizePage } from '../helpers/same-page';
import { suiteServer } from '../helpers/suite';

describe("a fresh install's page", () => {
  const server = suiteServer({ env: { PUBLIC_URL: 'https://saguaro.example' } });

  test('is the spec page, byte for byte apart from asset names', async () => {
    const expected = await readFile(path.join(import.meta.dirname, '../fixtures/landing-spec.html'), 'utf8');
    const res = await fetch(`${server.url}/`, { headers: { 'Accept-Encoding': 'identity' } });
    assert.equal(res.status, 200);
    const actual = normalizePage(await res.text());
    if (actual !== expected) {
      // Point at the first difference: the whole page in an assertion message is unreadable.
      let at = 0;
      while (at < actual.length && actual[at] === expected[at]) at += 1;
      assert.fail(
        `differs at ${at}:\n  now:    …${actual.slice(at - 80, at + 120)}\n  before: …${expected.slice(at - 80, at + 120)}`,
      );
    }
  });

  test('site.json holds the published seed, no draft, and a history of one', async () => {
    const file = JSON.parse(await readFile(path.join(server.dataDir, 'site.json'), 'utf8'));
    assert.equal(file.version, 1);
    assert.equal(file.draft, null);
    assert.equal(file.published.revision, 1);
    assert.equal(file.published.content.brand.first, 'Saguaro');
    assert.equal(file.published.content.litter.born, '2025-02-09');
    assert.deepEqual(
      file.history.map((v: { revision: number }) => v.revision),
      [1],
    );
  });
});
