import assert from 'node:assert/strict';
import { chmod, chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { type RunningServer, runServerExpectingFailure, startServer } from './helpers/server';

const inquiry = (i: number) => ({
  name: `Family ${i}`,
  email: `family${i}@example.com`,
  message: `We would love to meet the puppies, inquiry number ${i}.`,
});

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

/** Sends raw bytes and resolves with what came back once the server closes the connection. */
function rawRequest(url: string, payload: string, { end = true } = {}) {
  const { hostname, port } = new URL(url);
  return new Promise<{ response: string; closedAfterMs: number }>((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(payload);
      if (end) socket.end();
    });
    let response = '';
    socket.on('data', (chunk) => (response += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve({ response, closedAfterMs: Date.now() - started }));
  });
}

describe('configuration at start', () => {
  test('a bad variable stops the server with a message naming it', async () => {
    const { code, output } = await runServerExpectingFailure({ PORT: 'not-a-port', DATA_DIR: tmpdir() });
    assert.equal(code, 1);
    assert.match(output, /PORT: expected a port number/);
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

describe('security headers', () => {
  let server: RunningServer;
  before(async () => {
    server = await startServer({ env: { TRUST_PROXY: 'loopback' } });
  });
  after(() => server.stop());

  async function assetPath() {
    const page = await (await fetch(`${server.url}/`)).text();
    return page.match(/<script type="module" src="([^"]+)"/)?.[1] ?? '';
  }

  for (const scheme of ['http', 'https'] as const) {
    test(`on a page, an asset and the API over ${scheme}`, async () => {
      const headers: Record<string, string> = scheme === 'https' ? { 'X-Forwarded-Proto': 'https' } : {};
      for (const target of ['/', await assetPath(), '/api/user', '/nope']) {
        const res = await fetch(`${server.url}${target}`, { headers });
        const csp = res.headers.get('content-security-policy') ?? '';
        assert.match(csp, /script-src 'self'(;|$)/, `${target}: no inline script allowed`);
        assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
        for (const directive of [
          "object-src 'none'",
          "base-uri 'none'",
          "frame-ancestors 'none'",
          "form-action 'self'",
        ]) {
          assert.ok(csp.includes(directive), `${target}: ${directive}`);
        }
        assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
        assert.equal(res.headers.get('referrer-policy'), 'same-origin');
        assert.equal(res.headers.get('x-powered-by'), null);
        const hsts = res.headers.get('strict-transport-security');
        if (scheme === 'https') assert.match(hsts ?? '', /max-age=31536000/);
        else assert.equal(hsts, null, 'no HSTS over plain http');
      }
    });
  }
});

describe('request limits', () => {
  let server: RunningServer;
  before(async () => {
    server = await startServer({ env: { INQUIRY_RATE_LIMIT: 'off' } });
  });
  after(() => server.stop());

  test('an oversized body is refused with 413 JSON', async () => {
    const res = await post(`${server.url}/api/inquiries`, { ...inquiry(1), message: 'x'.repeat(20_000) });
    assert.equal(res.status, 413);
    assert.equal(typeof ((await res.json()) as { message: string }).message, 'string');
  });

  test('a very long URL is refused with 414', async () => {
    const res = await fetch(`${server.url}/?q=${'a'.repeat(5000)}`);
    assert.equal(res.status, 414);
    const api = await fetch(`${server.url}/api/user?q=${'a'.repeat(5000)}`);
    assert.equal(api.status, 414);
    assert.ok(((await api.json()) as { message: string }).message);
  });

  test('oversized headers are refused with 431', async () => {
    const { response } = await rawRequest(
      server.url,
      `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    assert.match(response, /^HTTP\/1\.1 431/);
  });

  test('a client that never finishes its headers is cut off, and others are still served', async () => {
    const slow = rawRequest(server.url, 'GET / HTTP/1.1\r\nHost: x\r\nX-Slow: 1\r\n', { end: false });
    const res = await fetch(`${server.url}/healthz`);
    assert.equal(res.status, 200);
    const { response, closedAfterMs } = await slow;
    assert.match(response, /^HTTP\/1\.1 408|^$/);
    assert.ok(closedAfterMs < 15_000, `closed after ${closedAfterMs} ms`);
  });

  test('errors never carry a stack trace or an internal path', async () => {
    const res = await fetch(`${server.url}/api/inquiries`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"name": ',
    });
    assert.equal(res.status, 400);
    const text = await res.text();
    assert.doesNotMatch(text, /at \w|node_modules|\/work\/|dist\//);
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
        const res = await post(`${server.url}/api/inquiries`, inquiry(i));
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
    await rm(server.dataDir, { recursive: true, force: true });
  });
});

describe('logs', () => {
  test('one JSON line per request; no password, cookie or inquiry text', async () => {
    const server = await startServer({ env: { INQUIRY_RATE_LIMIT: 'off' } });
    try {
      const secretMessage = 'SECRET-MESSAGE-TEXT please call after six';
      await post(`${server.url}/api/inquiries`, { ...inquiry(1), message: secretMessage });
      await post(`${server.url}/api/login`, {
        username: 'nobody@example.com',
        password: 'SECRET-PASSWORD-123',
      });
      await fetch(`${server.url}/?x=\u0007bell`, { headers: { Cookie: 'doodles.sid=SECRET-COOKIE' } });
      await new Promise((resolve) => setTimeout(resolve, 100));
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
