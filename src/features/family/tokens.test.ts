import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hashToken, newToken, TOKEN_SHAPE } from './tokens.server';

test('a token is 256 random bits in base64url, never the same twice', () => {
  const tokens = new Set(Array.from({ length: 1000 }, newToken));
  assert.equal(tokens.size, 1000);
  for (const token of tokens) {
    assert.match(token, TOKEN_SHAPE);
    assert.equal(Buffer.from(token, 'base64url').length, 32);
  }
});

test('the stored hash is the SHA-256 of the token, never the token', () => {
  const token = newToken();
  const hash = hashToken(token);
  assert.match(hash, /^[0-9a-f]{64}$/);
  assert.ok(!hash.includes(token));
  assert.equal(hashToken(token), hash);
  assert.notEqual(hashToken(newToken()), hash);
});
