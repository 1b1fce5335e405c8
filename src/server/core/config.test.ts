import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import express from 'express';
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

  // Each accepted form, and Express takes what the config hands it ("trust proxy" compiles at set).
  const trusted: [string, boolean | number | string[]][] = [
    ['true', true],
    ['false', false],
    ['0', 0],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    ['2001:db8::1', ['2001:db8::1']],
    ['10.0.0.0/8', ['10.0.0.0/8']],
    ['10.0.0.0/32', ['10.0.0.0/32']],
    ['fd00::/8', ['fd00::/8']],
    ['2001:db8::/128', ['2001:db8::/128']],
    ['loopback', ['loopback']],
    ['linklocal', ['linklocal']],
    ['uniquelocal', ['uniquelocal']],
    [' loopback , 172.16.0.0/12,::1 ', ['loopback', '172.16.0.0/12', '::1']],
  ];
  for (const [value, expected] of trusted) {
    test(`TRUST_PROXY=${JSON.stringify(value)} is accepted, and by Express too`, () => {
      const { trustProxy } = loadConfig({ TRUST_PROXY: value });
      assert.deepEqual(trustProxy, expected);
      assert.doesNotThrow(() => express().set('trust proxy', trustProxy));
    });
  }

  // Each of these passed the old check and made Express throw "invalid IP address" after it.
  const untrusted = [
    'maybe-not',
    '10.0.0.0/99',
    '1.2.3',
    '10.0.0.1,',
    'loopback,,10.0.0.1',
    '::1/129',
    '::/0',
    '10.0.0.1/8/8',
    'yes',
  ];
  for (const value of untrusted) {
    test(`TRUST_PROXY=${JSON.stringify(value)} stops the start, naming TRUST_PROXY and what it expects`, () => {
      assert.throws(
        () => loadConfig({ TRUST_PROXY: value }),
        /TRUST_PROXY: expected true, false, a hop count or proxy addresses \(comma-separated IP addresses, CIDR ranges, loopback, linklocal, uniquelocal\): /,
      );
      assert.throws(() =>
        express().set(
          'trust proxy',
          value.split(',').map((item) => item.trim()),
        ),
      );
    });
  }

  test('a bad TRUST_PROXY item is quoted in the message', () => {
    assert.throws(
      () => loadConfig({ TRUST_PROXY: 'loopback, maybe-not' }),
      /"maybe-not" is not an IP address/,
    );
    assert.throws(
      () => loadConfig({ TRUST_PROXY: '10.0.0.0/99' }),
      /"10.0.0.0\/99" has a prefix length outside 1-32/,
    );
    assert.throws(() => loadConfig({ TRUST_PROXY: '10.0.0.1,' }), /an empty item in the list/);
  });

  test('HOST takes an IP address or a host name', () => {
    for (const host of ['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost', 'doodles-web.internal'])
      assert.equal(loadConfig({ HOST: host }).host, host);
  });

  test('PUBLIC_URL keeps only the origin', () => {
    assert.equal(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:8080' }).publicUrl, 'http://127.0.0.1:8080');
    assert.equal(
      loadConfig({ PUBLIC_URL: 'HTTPS://Doodles.Example:443/' }).publicUrl,
      'https://doodles.example',
    );
  });

  test('INQUIRY_RATE_LIMIT=off turns the limit off', () => {
    assert.deepEqual(loadConfig({ INQUIRY_RATE_LIMIT: 'off' }).inquiryRateLimits, []);
  });

  test('an empty variable counts as unset', () => {
    assert.equal(loadConfig({ PORT: '' }).port, 3000);
  });

  const bad: [Record<string, string>, RegExp][] = [
    [{ PORT: 'abc' }, /PORT: expected a port number/],
    [{ PORT: '70000' }, /PORT: expected a port number \(0-65535\)/],
    [{ PORT: ' ' }, /PORT: expected a port number/],
    [{ PORT: '0x50' }, /PORT: expected a port number/],
    [{ PORT: '80.5' }, /PORT: expected a port number/],
    [{ HOST: 'not a host' }, /HOST: expected an IP address or a host name/],
    [{ HOST: 'http://localhost' }, /HOST: expected an IP address or a host name/],
    [{ HOST: '1.2.3.4:80' }, /HOST: expected an IP address or a host name/],
    [{ DATA_DIR: '  ' }, /DATA_DIR: expected a directory path/],
    [{ NODE_ENV: 'staging' }, /NODE_ENV:/],
    [{ SESSION_SECRET: 'short' }, /SESSION_SECRET: expected at least 32 characters/],
    [{ TRUST_PROXY: '   ' }, /TRUST_PROXY: expected true, false, a hop count or proxy addresses/],
    [
      { INQUIRY_RATE_LIMIT: '5 a minute' },
      /INQUIRY_RATE_LIMIT: expected "off" or limits like "5\/1m,30\/1h"/,
    ],
    [
      { INQUIRY_RATE_LIMIT: '0/1m' },
      /INQUIRY_RATE_LIMIT: expected "off" or limits like "5\/1m,30\/1h": each count/,
    ],
    [{ INQUIRY_RATE_LIMIT: '5/0s' }, /INQUIRY_RATE_LIMIT: .*each window from 1s to 596h/],
    [{ INQUIRY_RATE_LIMIT: '5/999h' }, /INQUIRY_RATE_LIMIT: .*each window from 1s to 596h/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL:/],
    [{ PUBLIC_URL: 'doodles.example' }, /PUBLIC_URL: expected an absolute http\(s\) URL/],
    [{ PUBLIC_URL: 'ftp://doodles.example' }, /PUBLIC_URL: expected an absolute http\(s\) URL/],
    [{ PUBLIC_URL: 'https://doodles.example/shop' }, /PUBLIC_URL: expected an absolute http\(s\) URL/],
    [{ PUBLIC_URL: 'https://doodles.example/?a=1' }, /PUBLIC_URL: expected an absolute http\(s\) URL/],
    [{ PUBLIC_URL: 'https://user:pw@doodles.example' }, /PUBLIC_URL: expected an absolute http\(s\) URL/],
  ];
  for (const [env, message] of bad) {
    test(`refuses ${JSON.stringify(env)} naming the variable`, () => {
      assert.throws(() => loadConfig(env), message);
    });
  }
});
