import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Request } from 'express';
import { clientKey } from './client-key';

const key = (ip: string | undefined) => clientKey({ ip } as Request);

test('counts IPv6 clients per /56 and IPv4-mapped addresses as IPv4', () => {
  assert.equal(key('2001:db8:1:2:aaaa::1'), key('2001:0db8:0001:00ff:ffff:1:2:3'));
  assert.notEqual(key('2001:db8:1:2::1'), key('2001:db8:1:102::1'));
  assert.equal(key('::ffff:192.0.2.1'), key('192.0.2.1'));
  assert.notEqual(key('192.0.2.1'), key('192.0.2.2'));
  assert.equal(key(undefined), 'unknown');
});
