import assert from 'node:assert/strict';
import { test } from 'node:test';
import { preferredEncoding } from './accept-encoding';

test('what browsers and tools send', () => {
  assert.equal(preferredEncoding('gzip, deflate, br, zstd'), 'br'); // Chrome
  assert.equal(preferredEncoding('gzip, deflate, br'), 'br'); // Safari, Firefox
  assert.equal(preferredEncoding('br'), 'br');
  assert.equal(preferredEncoding('gzip'), 'gzip');
  assert.equal(preferredEncoding('deflate, gzip'), 'gzip');
  assert.equal(preferredEncoding(undefined), 'identity'); // curl
  assert.equal(preferredEncoding(''), 'identity');
  assert.equal(preferredEncoding('identity'), 'identity');
  assert.equal(preferredEncoding('zstd'), 'identity');
});

test('q-values decide, brotli first on a tie', () => {
  assert.equal(preferredEncoding('br;q=0.5, gzip;q=0.8'), 'gzip');
  assert.equal(preferredEncoding('gzip;q=1.0, br;q=1'), 'br');
  assert.equal(preferredEncoding('BR;Q=0.9 , GZIP;q=0.1'), 'br');
  assert.equal(preferredEncoding('br;q=0, gzip'), 'gzip');
  assert.equal(preferredEncoding('br;q=0, gzip;q=0'), 'identity');
  assert.equal(preferredEncoding('identity;q=1, gzip;q=0.5'), 'identity');
});

test('"*" stands for everything not listed', () => {
  assert.equal(preferredEncoding('*'), 'br');
  assert.equal(preferredEncoding('*;q=0.5, br;q=0'), 'gzip');
  assert.equal(preferredEncoding('gzip;q=0.2, *;q=0'), 'gzip');
});

test('nothing acceptable, or nonsense, still gets an answer (identity)', () => {
  assert.equal(preferredEncoding('*;q=0'), 'identity');
  assert.equal(preferredEncoding('identity;q=0, *;q=0'), 'identity');
  assert.equal(preferredEncoding('br;q=abc'), 'identity');
  assert.equal(preferredEncoding('br;q=2'), 'identity');
  assert.equal(preferredEncoding(',,;;=,'), 'identity');
  assert.equal(preferredEncoding('x'.repeat(10_000)), 'identity');
});
