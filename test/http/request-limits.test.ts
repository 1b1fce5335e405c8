import assert from 'node:assert/strict';
import net from 'node:net';
import { describe, test } from 'node:test';
import { postInquiry, validInquiry } from '../helpers/inquiries';
import { suiteServer } from '../helpers/suite';

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

describe('request limits', () => {
  const server = suiteServer({ env: { INQUIRY_RATE_LIMIT: 'off' } });

  test('an oversized body is refused with 413 JSON', async () => {
    const res = await postInquiry(server.url, { ...validInquiry, message: 'x'.repeat(20_000) });
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
