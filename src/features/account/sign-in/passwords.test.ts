import assert from 'node:assert/strict';
import { test } from 'node:test';
import { passwordProblem } from './passwords.server';

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

test('a new password among the 10,000 most common is refused, whatever its case', () => {
  // 12 characters or more and in the list: its 25 such words include these.
  for (const password of ['qwerty123456', '1qaz2wsx3edc', 'LeaveMeAlone', '123456654321'])
    assert.equal(
      passwordProblem(password),
      'The password is one of the 10,000 most common passwords, which are tried first: choose another.',
      password,
    );
  // Common ones shorter than 12 are refused as too short first.
  assert.match(passwordProblem('password1') ?? '', /too short/);
  assert.equal(passwordProblem('quiet herons at dawn'), null);
});
