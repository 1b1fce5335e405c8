import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { loadConfig } from './config';

describe('loadConfig', () => {
  test('defaults', () => {
    const config = loadConfig({});
    assert.equal(config.port, 3000);
    assert.equal(config.host, '0.0.0.0');
    assert.equal(config.dataDir, path.resolve('data'));
    assert.equal(config.production, false);
    assert.equal(config.sessionSecret, undefined);
    assert.equal(config.trustProxy, false);
    assert.deepEqual(config.inquiryRateLimits, [
      { limit: 5, windowMs: 60_000 },
      { limit: 30, windowMs: 3_600_000 },
    ]);
    assert.equal(config.logLevel, 'info');
    assert.equal(config.publicUrl, undefined);
  });

  test('reads every variable', () => {
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/doodles',
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(32),
      TRUST_PROXY: '1',
      INQUIRY_RATE_LIMIT: '10/30s',
      LOG_LEVEL: 'error',
      PUBLIC_URL: 'https://doodles.example/',
    });
    assert.equal(config.port, 0);
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.dataDir, '/tmp/doodles');
    assert.equal(config.production, true);
    assert.equal(config.trustProxy, 1);
    assert.deepEqual(config.inquiryRateLimits, [{ limit: 10, windowMs: 30_000 }]);
    assert.equal(config.logLevel, 'error');
    assert.equal(config.publicUrl, 'https://doodles.example');
  });

  test('TRUST_PROXY takes true, false, a hop count or addresses', () => {
    assert.equal(loadConfig({ TRUST_PROXY: 'true' }).trustProxy, true);
    assert.equal(loadConfig({ TRUST_PROXY: 'false' }).trustProxy, false);
    assert.deepEqual(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.1' }).trustProxy, ['loopback', '10.0.0.1']);
  });

  test('INQUIRY_RATE_LIMIT=off turns the limit off', () => {
    assert.deepEqual(loadConfig({ INQUIRY_RATE_LIMIT: 'off' }).inquiryRateLimits, []);
  });

  test('an empty variable counts as unset', () => {
    assert.equal(loadConfig({ PORT: '' }).port, 3000);
  });

  const bad: [Record<string, string>, RegExp][] = [
    [{ PORT: 'abc' }, /PORT: expected a port number/],
    [{ PORT: '70000' }, /PORT:/],
    [{ NODE_ENV: 'staging' }, /NODE_ENV:/],
    [{ SESSION_SECRET: 'short' }, /SESSION_SECRET: expected at least 32 characters/],
    [{ TRUST_PROXY: '   ' }, /TRUST_PROXY: expected true, false, a hop count or proxy addresses/],
    [
      { INQUIRY_RATE_LIMIT: '5 a minute' },
      /INQUIRY_RATE_LIMIT: expected "off" or limits like "5\/1m,30\/1h"/,
    ],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL:/],
    [{ PUBLIC_URL: 'doodles.example' }, /PUBLIC_URL: expected an absolute http\(s\) URL/],
    [{ PUBLIC_URL: 'ftp://doodles.example' }, /PUBLIC_URL: expected an absolute http\(s\) URL/],
  ];
  for (const [env, message] of bad) {
    test(`refuses ${JSON.stringify(env)} naming the variable`, () => {
      assert.throws(() => loadConfig(env), message);
    });
  }
});
