import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { explainAcmeProblem } from './acme-problems';

const where = {
  domain: 'saguarodoodles.com',
  httpPort: 80,
  directoryUrl: 'https://acme-v02.api.letsencrypt.org/directory',
};
const explain = (message: string, code?: string) =>
  explainAcmeProblem(Object.assign(new Error(message), code ? { code } : {}), where);

describe('ACME problems in the operator’s words', () => {
  test("Let's Encrypt's DNS answer: the domain's DNS does not point here", () => {
    const words = explain(
      'DNS problem: NXDOMAIN looking up A for saguarodoodles.com - check that a DNS record exists for this domain',
    );
    assert.match(words, /^The domain's DNS does not point here/);
    assert.match(words, /add an A record/);
    assert.match(words, /the certificate authority said: "DNS problem: NXDOMAIN/);
  });

  test('a connection refused names the address the authority tried', () => {
    const words = explain(
      '203.0.113.7: Fetching http://saguarodoodles.com/.well-known/acme-challenge/x: Connection refused',
    );
    assert.match(words, /could not connect to saguarodoodles\.com on port 80\. It tried 203\.0\.113\.7/);
    assert.match(words, /port 80 is open in its firewall/);
  });

  test('another server answering: DNS points elsewhere', () => {
    const words = explain(
      '203.0.113.7: Invalid response from http://saguarodoodles.com/.well-known/acme-challenge/x: 404',
    );
    assert.match(words, /^Another server answered for saguarodoodles\.com on port 80/);
  });

  test('the rate limit', () => {
    const words = explain(
      'too many certificates (5) already issued for this exact set of identifiers in the last 168h0m0s, retry after 2026-12-01 10:00:00 UTC',
    );
    assert.match(words, /rate limit was hit/);
    assert.match(words, /tries again by itself/);
  });

  test('a refused name, CAA, and an unreachable authority', () => {
    assert.match(
      explain('Order included an identifier for which issuance is forbidden by policy: "x"'),
      /refuses to issue a certificate for saguarodoodles\.com/,
    );
    assert.match(explain('CAA record for saguarodoodles.com prevents issuance'), /CAA record/);
    assert.match(
      explain('getaddrinfo ENOTFOUND acme-v02.api.letsencrypt.org', 'ENOTFOUND'),
      /could not be reached \(ENOTFOUND\)/,
    );
  });

  test('anything else still says who refused, with its words on one line', () => {
    assert.equal(
      explain('something\nnew'),
      'The certificate authority did not issue a certificate for saguarodoodles.com. (the certificate authority said: "something new")',
    );
  });
});
