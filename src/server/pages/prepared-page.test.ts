import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { compressBody } from './compression';
import { matchesEtag, preparePage, sendPrepared } from './prepared-page';

const html = Buffer.from(`<!DOCTYPE html><html><body>${'<p>Goldendoodles</p>'.repeat(200)}</body></html>`);
let server: http.Server;
let url: string;
let etag: string;

before(async () => {
  const body = await compressBody(html);
  etag = body.etag;
  const page = preparePage(body, 200, [
    ['Cache-Control', 'public, max-age=0'],
    ['X-Frame-Options', 'DENY'],
  ]);
  server = http.createServer((req, res) =>
    sendPrepared(req, res, page, req.headers['x-secure'] ? ['Strict-Transport-Security', 'max-age=1'] : []),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
after(() => new Promise((resolve) => server.close(resolve)));

function get(headers: Record<string, string>, method = 'GET') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .request(url, { method, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        })
        .on('error', reject)
        .end();
    },
  );
}

test('each encoding carries the same bytes once decoded, with its length and the common headers', async () => {
  const br = await get({ 'accept-encoding': 'gzip, deflate, br' });
  assert.equal(br.headers['content-encoding'], 'br');
  assert.deepEqual(brotliDecompressSync(br.body), html);
  const gz = await get({ 'accept-encoding': 'gzip' });
  assert.equal(gz.headers['content-encoding'], 'gzip');
  assert.deepEqual(gunzipSync(gz.body), html);
  const plain = await get({});
  assert.equal(plain.headers['content-encoding'], undefined);
  assert.deepEqual(plain.body, html);
  for (const answer of [br, gz, plain]) {
    assert.equal(answer.status, 200);
    assert.equal(Number(answer.headers['content-length']), answer.body.length);
    assert.equal(answer.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(answer.headers.etag, etag);
    assert.equal(answer.headers.vary, 'Accept-Encoding');
    assert.equal(answer.headers['cache-control'], 'public, max-age=0');
    assert.equal(answer.headers['x-frame-options'], 'DENY');
    assert.equal(answer.headers['strict-transport-security'], undefined);
  }
});

test('304 for the current ETag, with the caching headers and no body', async () => {
  const answer = await get({ 'if-none-match': `"old", ${etag}`, 'accept-encoding': 'br' });
  assert.equal(answer.status, 304);
  assert.equal(answer.body.length, 0);
  assert.equal(answer.headers.etag, etag);
  assert.equal(answer.headers['cache-control'], 'public, max-age=0');
  assert.equal((await get({ 'if-none-match': '"old"' })).status, 200);
});

test('HEAD gets the headers of GET and no body; per-request headers are added', async () => {
  const head = await get({ 'accept-encoding': 'br', 'x-secure': '1' }, 'HEAD');
  assert.equal(head.status, 200);
  assert.equal(head.body.length, 0);
  assert.ok(Number(head.headers['content-length']) > 0);
  assert.equal(head.headers['strict-transport-security'], 'max-age=1');
});

test('If-None-Match: weak and "*" match, others do not', () => {
  assert.ok(matchesEtag('"a"', '"a"'));
  assert.ok(matchesEtag('W/"a"', '"a"'));
  assert.ok(matchesEtag('*', '"a"'));
  assert.ok(!matchesEtag('"b", "c"', '"a"'));
  assert.ok(!matchesEtag(undefined, '"a"'));
  assert.ok(!matchesEtag('', '"a"'));
});
