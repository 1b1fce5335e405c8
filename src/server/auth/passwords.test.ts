import assert from 'node:assert/strict';
import { test } from 'node:test';
import { passwordProblem } from './passwords';

test('a new password: long enough, not too long for bcrypt, not mostly the site or the username', () => {
  assert.equal(passwordProblem('correct horse battery'), null);
  assert.equal(passwordProblem('Saguaro doodles: my own words here', 'breeder@example.com'), null);
  assert.match(passwordProblem('short') ?? '', /too short: use at least 12 characters/);
  assert.match(passwordProblem('é'.repeat(40)) ?? '', /too long/);
  for (const [password, username] of [
    ['SaguaroDoodles2026!', ''],
    ['goldendoodlepuppy1', ''],
    ['PrescottValley99', ''],
    ['janebreeder2026', 'jane.breeder@gmail.com'],
    ['passwordadmin123', ''],
  ] as const) {
    assert.match(passwordProblem(password, username) ?? '', /too easy to guess/, password);
  }
});
