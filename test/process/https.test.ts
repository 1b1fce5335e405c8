import assert from 'node:assert/strict';
import { X509Certificate } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { TLSSocket } from 'node:tls';
import { ADMIN, createAdmin, PASSWORD } from '../helpers/admin';
import { type ChallengeDns, freePort, type Pebble, startChallengeDns, startPebble } from '../helpers/pebble';
import { type RunningServer, startServer } from '../helpers/server';
import { until } from '../helpers/until';

/**
 * HTTPS by itself (issue 31, decision 122), end to end against a real ACME server: Debian's
 * pebble, validating HTTP-01 by connecting to the server's HTTP_PORT (its DNS, challtestsrv,
 * answers 127.0.0.1). The client trusts only pebble's root, fetched from its management port.
 */

const DOMAIN = 'shop.test';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The serial number of the certificate the server answered with (HTTPS only). */
  serial: string | undefined;
  socket: TLSSocket | undefined;
}

interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** The roots to trust; none: the certificate is not verified (to look at an expired one). */
  ca?: string;
  agent?: https.Agent;
}

function request(scheme: 'http' | 'https', port: number, target: string, options: RequestOptions = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const secure = scheme === 'https';
    const req = (secure ? https : http).request(
      {
        host: '127.0.0.1',
        port,
        path: target,
        method: options.method ?? 'GET',
        headers: { host: `${DOMAIN}:${port}`, ...options.headers },
        ...(secure
          ? {
              servername: DOMAIN,
              ...(options.ca ? { ca: options.ca } : { rejectUnauthorized: false }),
              agent: options.agent ?? false,
            }
          : { agent: false }),
      },
      (res) => {
        // Read now: a socket that is not kept alive forgets its peer once closed.
        const socket = secure ? (res.socket as TLSSocket) : undefined;
        const serial = socket?.getPeerCertificate().serialNumber;
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, serial, socket }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

let dns: ChallengeDns;

before(async () => {
  dns = await startChallengeDns();
});
after(async () => {
  await dns?.stop();
});

interface Site {
  server: RunningServer;
  httpPort: number;
  httpsPort: number;
}

async function startSite(
  pebble: Pebble,
  httpPort: number,
  dataDir: string,
  httpsPort?: number,
): Promise<Site> {
  const port = httpsPort ?? (await freePort());
  const server = await startServer({
    dataDir,
    env: {
      DOMAIN,
      HTTP_PORT: String(httpPort),
      HTTPS_PORT: String(port),
      ACME_DIRECTORY_URL: pebble.directoryUrl,
      // The server reaches pebble's own HTTPS listener (its certificate is the test's).
      NODE_EXTRA_CA_CERTS: pebble.pebbleCaFile,
    },
  });
  return { server, httpPort, httpsPort: port };
}

const httpsListening = (site: Site, timeoutMs = 15_000) =>
  until(() => /listening on https:\/\//.test(site.server.output()), 'the HTTPS listener', timeoutMs);

const tempData = () => mkdtemp(path.join(tmpdir(), 'doodles-https-'));

describe('HTTPS by itself, against pebble', { timeout: 120_000 }, () => {
  test('first certificate: https answers with it, http redirects, and a restart reuses it without the ACME server', async () => {
    const httpPort = await freePort();
    const pebble = await startPebble(dns, { httpPort });
    const dataDir = await tempData();
    try {
      const root = await pebble.root();
      let site = await startSite(pebble, httpPort, dataDir);
      await httpsListening(site);

      // https answers, verified against pebble's root alone, with HSTS and the domain's links.
      const page = await request('https', site.httpsPort, '/', { ca: root });
      assert.equal(page.status, 200);
      assert.match(String(page.headers['strict-transport-security']), /max-age=31536000/);
      const origin = `https://${DOMAIN}:${site.httpsPort}`;
      assert.ok(page.body.includes(`<link rel="canonical" href="${origin}/"`), 'PUBLIC_URL follows DOMAIN');
      const firstSerial = page.serial;
      assert.ok(firstSerial);

      // Requests count as secure without TRUST_PROXY: the session cookie is Secure.
      await createAdmin(dataDir, ADMIN, PASSWORD);
      const signIn = await request('https', site.httpsPort, '/api/login', {
        ca: root,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: ADMIN, password: PASSWORD }),
      });
      assert.equal(signIn.status, 200, signIn.body);
      const cookies = [signIn.headers['set-cookie'] ?? []].flat();
      assert.ok(
        cookies.some((line) => /^doodles\.sid=.*;\s*secure/i.test(line)),
        cookies.join('\n'),
      );
      const cookie = cookies.map((line) => line.split(';')[0]).join('; ');
      const status = await request('https', site.httpsPort, '/api/https', { ca: root, headers: { cookie } });
      assert.equal(status.status, 200);
      const body = JSON.parse(status.body);
      assert.equal(body.domain, DOMAIN);
      assert.equal(body.state, 'valid');
      assert.equal(body.warning, false);

      // Every plain-http request goes to https on the configured origin, whatever its Host says.
      const redirect = await request('http', httpPort, '/admin?from=mail', {
        headers: { host: 'evil.example' },
      });
      assert.equal(redirect.status, 308);
      assert.equal(redirect.headers.location, `${origin}/admin?from=mail`);
      const post = await request('http', httpPort, '/api/inquiries', { method: 'POST', body: '{}' });
      assert.equal(post.status, 308);
      // ...except the ACME challenge (an unknown token is a 404, not a redirect).
      const challenge = await request('http', httpPort, '/.well-known/acme-challenge/unknown-token');
      assert.equal(challenge.status, 404);

      // Kept through the storage layer: key and certificate in one file, mode 600.
      const file = path.join(dataDir, 'https-certificate.json');
      assert.equal((await stat(file)).mode & 0o777, 0o600);
      const kept = JSON.parse(await readFile(file, 'utf8'));
      assert.equal(kept.certificate.domain, DOMAIN);
      assert.equal(new X509Certificate(kept.certificate.chain).serialNumber, firstSerial?.toUpperCase());

      // A restart with the ACME server gone: the same certificate at once.
      await site.server.stop();
      await pebble.stop();
      site = await startSite(pebble, httpPort, dataDir, site.httpsPort);
      await httpsListening(site, 5_000);
      const again = await request('https', site.httpsPort, '/', { ca: root });
      assert.equal(again.status, 200);
      assert.equal(again.serial, firstSerial);
      assert.match(site.server.output(), /"event":"https certificate".*"from":"DATA_DIR"/);
      assert.doesNotMatch(site.server.output(), /"event":"https order"/);
      await site.server.stop();
    } finally {
      await pebble.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  test('renewal when a third of the lifetime is left: no restart, open connections kept', async () => {
    const httpPort = await freePort();
    // 24-second certificates: renewed 16 s after they start.
    const pebble = await startPebble(dns, { httpPort, validitySeconds: 24 });
    const dataDir = await tempData();
    try {
      const root = await pebble.root();
      const site = await startSite(pebble, httpPort, dataDir);
      await httpsListening(site);
      // One kept-alive connection, used every second across the renewal (the server closes one
      // idle for 5 s).
      const agent = new https.Agent({ keepAlive: true, maxSockets: 1 });
      const first = await request('https', site.httpsPort, '/healthz', { ca: root, agent });
      assert.equal(first.status, 200);
      const keptSocket = first.socket;
      let renewed: Answer | undefined;
      const deadline = Date.now() + 40_000;
      const step = async () => {
        await sleep(1_000);
        const onKept = await request('https', site.httpsPort, '/healthz', { ca: root, agent });
        assert.equal(onKept.status, 200);
        assert.equal(onKept.socket, keptSocket, 'the open connection was not dropped');
        assert.equal(onKept.serial, first.serial, 'an open connection keeps its certificate');
        const fresh = await request('https', site.httpsPort, '/healthz', { ca: root });
        if (fresh.serial !== first.serial) renewed = fresh;
      };
      while (!renewed && Date.now() < deadline)
        await step().catch((error: Error) => {
          throw new Error(`${error.message} at ${new Date().toISOString()}:\n${site.server.output()}`);
        });
      agent.destroy();
      assert.ok(renewed, `renewed within 40 s:\n${site.server.output()}`);
      assert.equal(renewed.status, 200);
      assert.equal(site.server.process.exitCode, null, 'no restart');
      const kept = JSON.parse(await readFile(path.join(dataDir, 'https-certificate.json'), 'utf8'));
      assert.equal(new X509Certificate(kept.certificate.chain).serialNumber, renewed.serial?.toUpperCase());
      assert.match(site.server.output(), /"event":"https order".*"renewing":true/);
      await site.server.stop();
    } finally {
      await pebble.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  test('a refused renewal keeps the current certificate, says why, and warns the dashboard', async () => {
    const httpPort = await freePort();
    const issuing = await startPebble(dns, { httpPort, validitySeconds: 15 });
    const dataDir = await tempData();
    let refusing: Pebble | undefined;
    try {
      const site = await startSite(issuing, httpPort, dataDir);
      await httpsListening(site);
      const before = await request('https', site.httpsPort, '/healthz');
      // The same ACME server, now refusing the domain (Let's Encrypt's "rejectedIdentifier").
      await issuing.stop();
      refusing = await startPebble(dns, {
        httpPort,
        validitySeconds: 15,
        blocklist: [DOMAIN],
        ports: issuing.ports,
      });
      await until(
        () => /"event":"https certificate not obtained"/.test(site.server.output()),
        'the refused renewal',
        20_000,
      );
      const output = site.server.output();
      assert.match(output, /refuses to issue a certificate for shop\.test/);
      assert.match(output, /"keeps":"the current certificate"/);
      assert.match(output, /"retryInSeconds":60/);

      // Still served, the same certificate.
      const after = await request('https', site.httpsPort, '/healthz');
      assert.equal(after.status, 200);
      assert.equal(after.serial, before.serial);

      // The dashboard's source: a warning, since the certificate expires within 14 days.
      await createAdmin(dataDir, ADMIN, PASSWORD);
      const signIn = await request('https', site.httpsPort, '/api/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: ADMIN, password: PASSWORD }),
      });
      assert.equal(signIn.status, 200, signIn.body);
      const cookie = [signIn.headers['set-cookie'] ?? []]
        .flat()
        .map((line) => line.split(';')[0])
        .join('; ');
      const status = JSON.parse(
        (await request('https', site.httpsPort, '/api/https', { headers: { cookie } })).body,
      );
      assert.equal(status.state, 'failing');
      assert.equal(status.warning, true);
      assert.match(status.problem, /refuses to issue a certificate for shop\.test/);
      assert.ok(Date.parse(status.nextAttempt) > Date.now());
      // Signed out, nothing.
      assert.equal((await request('https', site.httpsPort, '/api/https')).status, 401);
      assert.equal(site.server.process.exitCode, null);
      await site.server.stop();
    } finally {
      await refusing?.stop();
      await issuing.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  test('no certificate yet: plain http shows the set-up page with the reason in words, and the server stays up', async () => {
    const httpPort = await freePort();
    const pebble = await startPebble(dns, { httpPort });
    const dataDir = await tempData();
    // The domain's DNS points elsewhere: nothing listens at 127.0.0.2.
    await dns.setAddress(DOMAIN, '127.0.0.2');
    try {
      const site = await startSite(pebble, httpPort, dataDir);
      await until(
        () => /"event":"https certificate not obtained"/.test(site.server.output()),
        'the failed order',
        15_000,
      );
      assert.match(
        site.server.output(),
        /could not connect to shop\.test on port \d+\. It tried 127\.0\.0\.2/,
      );
      assert.match(site.server.output(), /the domain's DNS does not point here/);
      const page = await request('http', httpPort, '/');
      assert.equal(page.status, 503);
      assert.equal(page.headers['retry-after'], '30');
      assert.match(page.body, /Setting up HTTPS for shop\.test/);
      assert.match(page.body, /It tried 127\.0\.0\.2/);
      assert.match(page.body, /tries again by itself at/);
      // Hostile input is never echoed: the page is about the configured domain only.
      const hostile = await request('http', httpPort, '/<script>', { headers: { host: '<b>x</b>' } });
      assert.doesNotMatch(hostile.body, /<script>|<b>x/);
      // The container's health check (from this machine) still reaches the app.
      assert.equal((await request('http', httpPort, '/healthz')).status, 200);
      // No HTTPS listener without a certificate, and no crash.
      assert.doesNotMatch(site.server.output(), /listening on https/);
      await sleep(500);
      assert.equal(site.server.process.exitCode, null);
      await site.server.stop();
    } finally {
      await dns.setAddress(DOMAIN, '127.0.0.1');
      await pebble.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
