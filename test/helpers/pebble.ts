import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import https from 'node:https';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { endWithFile } from './end-with-file';
import { until } from './until';

/**
 * Debian's pebble (Let's Encrypt's test ACME server) and pebble-challtestsrv as its DNS server,
 * which answers every name with 127.0.0.1 (or the address a test sets), so HTTP-01 validation
 * connects to the server under test on `httpPort`. Missing binaries fail the test: `.ci/run`
 * installs the `pebble` package.
 */

const run = promisify(execFile);

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface Process {
  output: () => string;
  stop: () => Promise<void>;
}

function startProcess(
  command: string,
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
): Promise<Process> {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  endWithFile(child);
  let output = '';
  let failed: Error | undefined;
  child.on('error', (error: NodeJS.ErrnoException) => {
    failed =
      error.code === 'ENOENT'
        ? new Error(`${command} is not installed: apt-get install pebble (.ci/run does)`)
        : error;
  });
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return until(
    () => {
      if (failed) throw failed;
      if (child.exitCode !== null) throw new Error(`${command} exited with ${child.exitCode}:\n${output}`);
      return ready.test(output);
    },
    `${command} to start`,
    10_000,
  ).then(
    () => ({ output: () => output, stop }),
    async (error) => {
      await stop();
      throw error;
    },
  );
}

export interface PebbleOptions {
  /** The port pebble connects to for HTTP-01: the server's HTTP_PORT. */
  httpPort: number;
  /** Seconds each certificate is valid (pebble's default is years). */
  validitySeconds?: number;
  /** Names pebble refuses to issue for (an ACME "rejectedIdentifier"). */
  blocklist?: string[];
  /** Reuse the ports of an earlier pebble (a restarted ACME server at the same address). */
  ports?: { acme: number; management: number };
}

export interface Pebble {
  directoryUrl: string;
  /** The CA file the server needs (NODE_EXTRA_CA_CERTS) to reach pebble's own HTTPS. */
  pebbleCaFile: string;
  ports: { acme: number; management: number };
  /** Pebble's root certificate (a new one per start), which the test client trusts. */
  root: () => Promise<string>;
  output: () => string;
  stop: () => Promise<void>;
}

export interface ChallengeDns {
  address: string;
  /** Makes `host` resolve to `address` instead of 127.0.0.1. */
  setAddress: (host: string, address: string) => Promise<void>;
  stop: () => Promise<void>;
}

/** pebble-challtestsrv as a DNS server only. */
export async function startChallengeDns(): Promise<ChallengeDns> {
  const dnsPort = await freePort();
  const managementPort = await freePort();
  const dns = await startProcess(
    'pebble-challtestsrv',
    [
      '-dns01',
      `127.0.0.1:${dnsPort}`,
      '-http01',
      '',
      '-https01',
      '',
      '-tlsalpn01',
      '',
      '-management',
      `127.0.0.1:${managementPort}`,
      // IPv4 only: the server under test listens on 127.0.0.1.
      '-defaultIPv6',
      '',
    ],
    {},
    /Starting management server/,
  );
  return {
    address: `127.0.0.1:${dnsPort}`,
    async setAddress(host, address) {
      const res = await fetch(`http://127.0.0.1:${managementPort}/add-a`, {
        method: 'POST',
        body: JSON.stringify({ host, addresses: [address] }),
      });
      if (!res.ok) throw new Error(`challtestsrv add-a: ${res.status}`);
    },
    stop: dns.stop,
  };
}

let pebbleTls: Promise<{ dir: string; cert: string; key: string }> | undefined;

/** A certificate for pebble's own listener (127.0.0.1), made once per test file with openssl. */
function pebbleListenerCertificate() {
  pebbleTls ??= (async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'pebble-tls-'));
    const cert = path.join(dir, 'cert.pem');
    const key = path.join(dir, 'key.pem');
    await run('openssl', [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '2',
      '-subj',
      '/CN=pebble',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
    ]);
    return { dir, cert, key };
  })();
  return pebbleTls;
}

export async function startPebble(dns: ChallengeDns, options: PebbleOptions): Promise<Pebble> {
  const tls = await pebbleListenerCertificate();
  const ports = options.ports ?? { acme: await freePort(), management: await freePort() };
  const dir = await mkdtemp(path.join(tmpdir(), 'pebble-'));
  const configFile = path.join(dir, 'pebble.json');
  await writeFile(
    configFile,
    JSON.stringify({
      pebble: {
        listenAddress: `127.0.0.1:${ports.acme}`,
        managementListenAddress: `127.0.0.1:${ports.management}`,
        certificate: tls.cert,
        privateKey: tls.key,
        httpPort: options.httpPort,
        tlsPort: await freePort(),
        ocspResponderURL: '',
        externalAccountBindingRequired: false,
        ...(options.validitySeconds ? { certificateValidityPeriod: options.validitySeconds } : {}),
        ...(options.blocklist ? { domainBlocklist: options.blocklist } : {}),
      },
    }),
  );
  const pebble = await startProcess(
    'pebble',
    ['-config', configFile, '-dnsserver', dns.address],
    // No random 0-15 s sleep before validating; no nonce refused at random (5 % by default).
    { PEBBLE_VA_NOSLEEP: '1', PEBBLE_WFE_NONCEREJECT: '0' },
    /ACME directory available/,
  );
  const pebbleCa = await readFile(tls.cert, 'utf8');
  return {
    directoryUrl: `https://127.0.0.1:${ports.acme}/dir`,
    pebbleCaFile: tls.cert,
    ports,
    root: () => getText(`https://127.0.0.1:${ports.management}/roots/0`, pebbleCa),
    output: pebble.output,
    async stop() {
      await pebble.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

function getText(url: string, ca: string): Promise<string> {
  return new Promise((resolve, reject) => {
    https
      .get(url, { ca }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve(body));
      })
      .on('error', reject);
  });
}
