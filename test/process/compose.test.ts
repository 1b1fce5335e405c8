import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, test } from 'node:test';
import { parse } from 'yaml';
import { freePort } from '../helpers/pebble';
import { startServer } from '../helpers/server';

/**
 * compose.yaml, the README's first way to deploy, read beside the Dockerfile (no container engine
 * runs here): the same volumes, the ports the server listens on with DOMAIN, the same health
 * check, which is then run as Docker would run it against a started server.
 */

const root = path.resolve(import.meta.dirname, '../..');

interface Service {
  restart?: string;
  env_file?: string | string[];
  ports?: string[];
  volumes?: string[];
  sysctls?: Record<string, string>;
  healthcheck?: { test: string[]; interval: string; timeout: string; start_period: string; retries: number };
}

async function read() {
  const compose = parse(await readFile(path.join(root, 'compose.yaml'), 'utf8')) as {
    services: Record<string, Service>;
    volumes: Record<string, unknown>;
  };
  const dockerfile = await readFile(path.join(root, 'Dockerfile'), 'utf8');
  // The runtime stage, continuation lines joined.
  const runtime = (dockerfile.split(/^FROM .* AS runtime$/m)[1] ?? '').replace(/\\\n\s*/g, '');
  const instruction = (name: string) => runtime.match(new RegExp(`^${name} (.+)$`, 'm'))?.[1] ?? '';
  const service = Object.values(compose.services)[0] as Service;
  return { compose, service, runtime, instruction };
}

/** Runs the health check's command the way Docker would, in the container's environment. */
function runHealthCheck(command: string[], env: Record<string, string>): Promise<number | null> {
  const child = spawn(process.execPath, command.slice(1), {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: 'ignore',
  });
  return new Promise((resolve) => child.once('exit', resolve));
}

describe('compose.yaml agrees with the Dockerfile', () => {
  test('one service, restarted unless stopped, reading .env', async () => {
    const { compose, service } = await read();
    assert.equal(Object.keys(compose.services).length, 1);
    assert.equal(service.restart, 'unless-stopped');
    assert.deepEqual([service.env_file].flat(), ['.env']);
  });

  test('the volumes are the Dockerfile’s, each a named volume (a directory, never a file)', async () => {
    const { compose, service, instruction } = await read();
    const declared = JSON.parse(instruction('VOLUME')) as string[];
    const mounted = (service.volumes ?? []).map((volume) => volume.split(':'));
    assert.deepEqual(mounted.map(([, target]) => target).sort(), [...declared].sort());
    for (const [source] of mounted)
      assert.ok(source && source in compose.volumes, `${source} is a named volume`);
    // The paths the server uses are those volumes.
    const env = instruction('ENV');
    assert.match(env, /DATA_DIR=\/data\b/);
    assert.match(env, /BACKUP_DIR=\/backups\b/);
  });

  test('ports 80 and 443 published to what the server listens on with DOMAIN, and exposed by the image', async () => {
    const { service, instruction } = await read();
    assert.deepEqual(service.ports, ['80:80', '443:443']);
    const exposed = instruction('EXPOSE').split(/\s+/);
    for (const port of ['80', '443']) assert.ok(exposed.includes(port), `EXPOSE ${port}`);
    // The unprivileged user may bind them.
    assert.match(instruction('USER'), /^node$/);
    assert.equal(service.sysctls?.['net.ipv4.ip_unprivileged_port_start'], '0');
  });

  test('the health check is the Dockerfile’s, command and timings', async () => {
    const { service, instruction } = await read();
    const line = instruction('HEALTHCHECK');
    const [, flags = '', command = ''] = line.match(/^(.*?)CMD (\[.*\])$/) ?? [];
    assert.deepEqual(service.healthcheck?.test, ['CMD', ...(JSON.parse(command) as string[])]);
    const flag = (name: string) => flags.match(new RegExp(`--${name}=(\\S+)`))?.[1];
    assert.equal(service.healthcheck?.interval, flag('interval'));
    assert.equal(service.healthcheck?.timeout, flag('timeout'));
    assert.equal(service.healthcheck?.start_period, flag('start-period'));
    assert.equal(String(service.healthcheck?.retries), flag('retries'));
  });

  test('the health check passes against a running server, behind a proxy and with DOMAIN before its certificate', async () => {
    const { service } = await read();
    const command = (service.healthcheck?.test ?? []).slice(1);
    assert.equal(command[0], 'node');

    const plain = await startServer();
    try {
      const port = new URL(plain.url).port;
      assert.equal(await runHealthCheck(command, { PORT: port }), 0);
    } finally {
      await plain.stop();
    }
    // Nothing listening: unhealthy (the check can fail).
    assert.equal(await runHealthCheck(command, { PORT: String(await freePort()) }), 1);

    // DOMAIN set, no certificate authority reachable: plain http answers the check from this
    // machine (everything else gets the set-up page).
    const httpPort = await freePort();
    const withDomain = await startServer({
      env: {
        DOMAIN: 'shop.test',
        HTTP_PORT: String(httpPort),
        HTTPS_PORT: String(await freePort()),
        ACME_DIRECTORY_URL: `http://127.0.0.1:${await freePort()}/dir`,
      },
    });
    try {
      assert.equal(await runHealthCheck(command, { DOMAIN: 'shop.test', HTTP_PORT: String(httpPort) }), 0);
      assert.equal((await fetch(`http://127.0.0.1:${httpPort}/`)).status, 503);
      // SIGTERM while the order is still trying the unreachable authority: out within the grace
      // period, as `docker stop` needs (acme-client alone retries for over a minute).
      const stopping = Date.now();
      assert.equal(await withDomain.stop(), 0);
      assert.ok(Date.now() - stopping < 10_000, `stopped in ${Date.now() - stopping} ms`);
    } finally {
      await withDomain.stop();
    }
  });

  test('.env.example sets DOMAIN and nothing a VPS does not need', async () => {
    const text = await readFile(path.join(root, '.env.example'), 'utf8');
    const set = text
      .split('\n')
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => line.split('=')[0]);
    assert.ok(set.includes('DOMAIN'));
    for (const unneeded of ['SESSION_SECRET', 'PUBLIC_URL', 'TRUST_PROXY', 'PORT', 'DATA_DIR'])
      assert.ok(!set.includes(unneeded), `${unneeded} is not set`);
  });
});
