import assert from 'node:assert/strict';
import { chmod, chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { login } from '../helpers/admin';
import { postInquiry } from '../helpers/inquiries';
import { runServerExpectingFailure, startServer } from '../helpers/server';
import { until } from '../helpers/until';

const inquiry = (i: number) => ({
  name: `Family ${i}`,
  email: `family${i}@example.com`,
  message: `We would love to meet the puppies, inquiry number ${i}.`,
});

describe('configuration at start', () => {
  test('a bad variable stops the server with a message naming it', async () => {
    const { code, output } = await runServerExpectingFailure({ PORT: 'not-a-port', DATA_DIR: tmpdir() });
    assert.equal(code, 1);
    assert.match(output, /PORT: expected a port number/);
  });

  test('a bad TRUST_PROXY stops the server before it listens, naming TRUST_PROXY (not Express)', async () => {
    const { code, output } = await runServerExpectingFailure({
      TRUST_PROXY: 'maybe-not',
      DATA_DIR: tmpdir(),
    });
    assert.equal(code, 1);
    assert.match(
      output,
      /TRUST_PROXY: expected true, false, a hop count or proxy addresses \(comma-separated IP addresses, CIDR ranges, loopback, linklocal, uniquelocal\): "maybe-not" is not an IP address or CIDR range/,
    );
    assert.doesNotMatch(output, /invalid IP address|listening on/);
    assert.doesNotMatch(output, /\n\s+at /);
  });
});

describe('a port already in use', () => {
  test('stops the server with a plain message, not a stack trace', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as net.AddressInfo;
    try {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'doodles-port-'));
      const { code, output } = await runServerExpectingFailure({ PORT: String(port), DATA_DIR: dataDir });
      await rm(dataDir, { recursive: true, force: true });
      assert.equal(code, 1);
      assert.match(
        output,
        new RegExp(`Cannot listen on 127\\.0\\.0\\.1:${port}: port ${port} is already in use`),
      );
      assert.doesNotMatch(output, /\n\s+at /);
    } finally {
      blocker.close();
    }
  });
});

describe('/healthz', () => {
  test('200 while the data directory is writable, 503 when it is not', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'doodles-health-'));
    // Run as an unprivileged user (root ignores file modes), as the container does.
    await chown(dataDir, 65534, 65534);
    const server = await startServer({ dataDir, runAs: 65534 });
    try {
      assert.equal((await fetch(`${server.url}/healthz`)).status, 200);
      await chmod(dataDir, 0o555);
      const res = await fetch(`${server.url}/healthz`);
      assert.equal(res.status, 503);
      assert.deepEqual(await res.json(), { status: 'unavailable' });
    } finally {
      await server.stop();
      await chmod(dataDir, 0o755);
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('graceful shutdown', () => {
  test('SIGTERM during a burst: exit 0 and every acknowledged inquiry kept', async () => {
    const server = await startServer({ env: { INQUIRY_RATE_LIMIT: 'off' }, keepData: true });
    const acknowledged: string[] = [];
    const burst = Array.from({ length: 200 }, async (_, i) => {
      try {
        const res = await postInquiry(server.url, inquiry(i));
        if (res.status === 201) acknowledged.push(((await res.json()) as { id: string }).id);
      } catch {
        // Refused once the server stopped accepting: not acknowledged, so nothing is owed.
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    const started = Date.now();
    const code = await server.stop('SIGTERM');
    await Promise.all(burst);
    assert.equal(code, 0);
    assert.ok(Date.now() - started < 10_000);
    const stored = JSON.parse(await readFile(path.join(server.dataDir, 'inquiries.json'), 'utf8')) as {
      inquiries: { id: string }[];
    };
    const ids = new Set(stored.inquiries.map((i) => i.id));
    assert.ok(acknowledged.length > 0, 'some inquiries were acknowledged before the stop');
    for (const id of acknowledged) assert.ok(ids.has(id), `acknowledged inquiry ${id} kept`);
    // The log is written once per event-loop turn: nothing pending is lost when the process exits.
    const output = server.output();
    assert.match(output, /"event":"shutdown","signal":"SIGTERM"/);
    const logged = output.match(/"method":"POST","path":"\/api\/inquiries","status":201/g) ?? [];
    assert.ok(
      logged.length >= acknowledged.length,
      `${logged.length} logged, ${acknowledged.length} acknowledged`,
    );
    await rm(server.dataDir, { recursive: true, force: true });
  });

  test('SIGTERM during a burst: every stored inquiry keeps where it came from', async () => {
    const server = await startServer({ env: { INQUIRY_RATE_LIMIT: 'off' }, keepData: true });
    // Sent from a tagged page, so each inquiry's source is written after it, before its 201.
    const from = { Referer: `${server.url}/?utm_source=flyer&utm_campaign=spring` };
    // Ten clients that keep their connections busy, one submission after another, as wrk does:
    // the stop finds requests under way on every connection until it cuts them off.
    let sent = 0;
    const clients = Array.from({ length: 10 }, async () => {
      try {
        for (;;) {
          sent += 1;
          await (await postInquiry(server.url, inquiry(sent), from)).text();
        }
      } catch {
        // Refused or cut off by the stop: whatever was stored is checked below.
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(await server.stop('SIGTERM'), 0);
    await Promise.all(clients);
    const stored = JSON.parse(await readFile(path.join(server.dataDir, 'inquiries.json'), 'utf8')) as {
      inquiries: { id: string }[];
    };
    assert.ok(stored.inquiries.length > 0, 'some inquiries were stored before the stop');
    const sources = JSON.parse(await readFile(path.join(server.dataDir, 'inquiry-sources.json'), 'utf8')) as {
      sources: Record<string, unknown>;
    };
    for (const { id } of stored.inquiries)
      assert.deepEqual(sources.sources[id], { source: 'flyer', campaign: 'spring' }, `source of ${id}`);
    assert.doesNotMatch(server.output(), /inquiry-source-not-stored/);
    await rm(server.dataDir, { recursive: true, force: true });
  });
});

describe('logs', () => {
  test('one JSON line per request; no password, cookie or inquiry text', async () => {
    const server = await startServer({ env: { INQUIRY_RATE_LIMIT: 'off' } });
    try {
      const secretMessage = 'SECRET-MESSAGE-TEXT please call after six';
      await postInquiry(server.url, { ...inquiry(1), message: secretMessage });
      await login(server.url, 'nobody@example.com', 'SECRET-PASSWORD-123');
      await fetch(`${server.url}/?x=\u0007bell`, { headers: { Cookie: 'doodles.sid=SECRET-COOKIE' } });
      const requestLines = () => server.output().match(/"event":"request"/g)?.length ?? 0;
      await until(() => requestLines() >= 3, 'the request lines');
      const lines = server
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'));
      const requests = lines.map((line) => JSON.parse(line)).filter((entry) => entry.event === 'request');
      assert.ok(requests.length >= 3);
      for (const entry of requests) {
        assert.match(entry.time, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
        assert.equal(typeof entry.method, 'string');
        assert.equal(typeof entry.path, 'string');
        assert.equal(typeof entry.status, 'number');
        assert.equal(typeof entry.ms, 'number');
      }
      const all = server.output();
      for (const secret of [
        'SECRET-MESSAGE-TEXT',
        'SECRET-PASSWORD',
        'SECRET-COOKIE',
        'family1@example.com',
      ]) {
        assert.ok(!all.includes(secret), `${secret} must not be logged`);
      }
      assert.ok(
        lines.some((line) => JSON.parse(line).event?.startsWith('login')),
        'sign-in failures are logged',
      );
    } finally {
      await server.stop();
    }
  });
});
