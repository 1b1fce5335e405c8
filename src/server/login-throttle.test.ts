import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { clientKey, LoginThrottle } from './login-throttle';

const MINUTE = 60_000;

function throttleWithClock(maxKeys?: number) {
  const clock = { now: 0 };
  const throttle = new LoginThrottle({ limit: 5, windowMs: 15 * MINUTE, now: () => clock.now, maxKeys });
  return { clock, throttle };
}

describe('the login throttle', () => {
  test('locks a key after 5 failures, until 15 minutes after its first failure', () => {
    const { clock, throttle } = throttleWithClock();
    for (let i = 0; i < 4; i++) {
      throttle.count(['user:a']);
      clock.now += MINUTE;
    }
    assert.equal(throttle.lockedFor(['user:a']), 0);
    throttle.count(['user:a']); // the 5th, 4 minutes after the first
    assert.equal(throttle.lockedFor(['user:a']), 11 * MINUTE);
    clock.now += 10 * MINUTE;
    assert.equal(throttle.lockedFor(['user:a']), MINUTE);
    clock.now += MINUTE;
    assert.equal(throttle.lockedFor(['user:a']), 0);
  });

  test('attempts made while locked do not extend the lock', () => {
    const { clock, throttle } = throttleWithClock();
    for (let i = 0; i < 5; i++) throttle.count(['user:a']);
    for (let i = 0; i < 14; i++) {
      clock.now += MINUTE;
      if (throttle.lockedFor(['user:a']) === 0) throttle.count(['user:a']);
    }
    assert.equal(throttle.lockedFor(['user:a']), MINUTE);
    clock.now += MINUTE;
    assert.equal(throttle.lockedFor(['user:a']), 0);
  });

  test('keys are independent, and the longest lock among them wins', () => {
    const { clock, throttle } = throttleWithClock();
    for (let i = 0; i < 5; i++) throttle.count(['ip:1']);
    clock.now += 5 * MINUTE;
    for (let i = 0; i < 5; i++) throttle.count(['user:a']);
    assert.equal(throttle.lockedFor(['user:b', 'ip:2']), 0);
    assert.equal(throttle.lockedFor(['user:a', 'ip:1']), 15 * MINUTE);
    assert.equal(throttle.lockedFor(['user:b', 'ip:1']), 10 * MINUTE);
  });

  test('clear forgets a key and forgive takes back one attempt', () => {
    const { throttle } = throttleWithClock();
    for (let i = 0; i < 5; i++) throttle.count(['user:a', 'ip:1']);
    throttle.clear('user:a');
    throttle.forgive('ip:1');
    assert.equal(throttle.lockedFor(['user:a', 'ip:1']), 0);
    throttle.count(['ip:1']);
    assert.ok(throttle.lockedFor(['ip:1']) > 0);
  });

  test('keeps at most maxKeys keys, forgetting the oldest', () => {
    const { throttle } = throttleWithClock(3);
    for (let i = 0; i < 5; i++) throttle.count(['old']);
    for (const key of ['k1', 'k2', 'k3']) throttle.count([key]);
    assert.equal(throttle.lockedFor(['old']), 0);
  });

  test('counts IPv6 clients per /64 and IPv4-mapped addresses as IPv4', () => {
    assert.equal(clientKey('2001:db8:1:2:aaaa::1'), clientKey('2001:0db8:0001:0002:ffff:1:2:3'));
    assert.notEqual(clientKey('2001:db8:1:2::1'), clientKey('2001:db8:1:3::1'));
    assert.equal(clientKey('::ffff:192.0.2.1'), clientKey('192.0.2.1'));
    assert.equal(clientKey('::1'), 'ip:0:0:0:0::/64');
  });
});
