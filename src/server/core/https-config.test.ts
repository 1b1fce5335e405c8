import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { loadConfig } from './config';
import { LETSENCRYPT_PRODUCTION } from './https-config';

describe('HTTPS by itself: DOMAIN and its variables', () => {
  test('without DOMAIN nothing changes: no https, PUBLIC_URL as given', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://doodles.example', TRUST_PROXY: '1' });
    assert.equal(config.https, undefined);
    assert.equal(config.publicUrl, 'https://doodles.example');
    assert.equal(config.trustProxy, 1);
  });

  test('DOMAIN alone: ports 80 and 443, Let’s Encrypt production, PUBLIC_URL from the domain', () => {
    const config = loadConfig({ DOMAIN: ' SaguaroDoodles.com. ' });
    assert.deepEqual(config.https, {
      domain: 'saguarodoodles.com',
      email: undefined,
      directoryUrl: LETSENCRYPT_PRODUCTION,
      httpPort: 80,
      httpsPort: 443,
      publicUrl: 'https://saguarodoodles.com',
    });
    assert.equal(config.publicUrl, 'https://saguarodoodles.com');
    // The notices' links and sender follow it too.
    assert.equal(
      loadConfig({
        DOMAIN: 'saguarodoodles.com',
        SMTP_URL: 'smtp://mail.example:587',
        NOTIFY_EMAIL: 'a@b.example',
      }).notify.mailFrom,
      'Saguaro Doodles <notices@saguarodoodles.com>',
    );
  });

  test('every variable read; a port other than 443 is in PUBLIC_URL', () => {
    const config = loadConfig({
      DOMAIN: 'shop.example',
      ACME_EMAIL: 'owner@shop.example',
      ACME_DIRECTORY_URL: 'https://acme-staging-v02.api.letsencrypt.org/directory',
      HTTP_PORT: '8080',
      HTTPS_PORT: '8443',
    });
    assert.equal(config.https?.email, 'owner@shop.example');
    assert.equal(config.https?.directoryUrl, 'https://acme-staging-v02.api.letsencrypt.org/directory');
    assert.equal(config.https?.httpPort, 8080);
    assert.equal(config.https?.httpsPort, 8443);
    assert.equal(config.publicUrl, 'https://shop.example:8443');
  });

  const refused: [string, Record<string, string>, RegExp][] = [
    ['a URL for DOMAIN', { DOMAIN: 'https://shop.example' }, /DOMAIN: expected the domain name/],
    ['an IP address', { DOMAIN: '203.0.113.7' }, /DOMAIN: expected the domain name/],
    ['a single label', { DOMAIN: 'localhost' }, /DOMAIN: expected the domain name/],
    ['a port in DOMAIN', { DOMAIN: 'shop.example:443' }, /DOMAIN: expected the domain name/],
    [
      'a bad ACME_EMAIL',
      { DOMAIN: 'shop.example', ACME_EMAIL: 'owner' },
      /ACME_EMAIL: expected an email address/,
    ],
    [
      'a bad directory',
      { DOMAIN: 'shop.example', ACME_DIRECTORY_URL: 'ftp://x' },
      /ACME_DIRECTORY_URL: expected the URL/,
    ],
    [
      'one port for both',
      { DOMAIN: 'shop.example', HTTP_PORT: '8080', HTTPS_PORT: '8080' },
      /two different ports/,
    ],
    ['port 0', { DOMAIN: 'shop.example', HTTP_PORT: '0' }, /expected fixed ports/],
    [
      'TRUST_PROXY with DOMAIN',
      { DOMAIN: 'shop.example', TRUST_PROXY: 'true' },
      /TRUST_PROXY: not used with DOMAIN/,
    ],
    [
      'TRUST_PROXY=false with DOMAIN too',
      { DOMAIN: 'shop.example', TRUST_PROXY: 'false' },
      /TRUST_PROXY: not used with DOMAIN/,
    ],
    [
      'a PUBLIC_URL of another host',
      { DOMAIN: 'shop.example', PUBLIC_URL: 'https://other.example' },
      /PUBLIC_URL: expected https:\/\/shop\.example/,
    ],
    [
      'a plain-http PUBLIC_URL',
      { DOMAIN: 'shop.example', PUBLIC_URL: 'http://shop.example' },
      /PUBLIC_URL: expected https:\/\/shop\.example/,
    ],
  ];
  for (const [what, env, message] of refused)
    test(`refused at start: ${what}`, () => {
      assert.throws(() => loadConfig(env), message);
    });

  test('a PUBLIC_URL naming the domain is kept (another public port, say)', () => {
    assert.equal(
      loadConfig({ DOMAIN: 'shop.example', PUBLIC_URL: 'https://shop.example:444' }).publicUrl,
      'https://shop.example:444',
    );
  });
});
