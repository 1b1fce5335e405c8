import assert from 'node:assert/strict';
import { get, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import express from 'express';
import { compressApi } from './compress-api';

const large = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Family ${i}` })) };
const small = { message: 'short' };

let server: Server;
let base: string;
before(async () => {
  const app = express();
  app.use(compressApi());
  app.get('/large', (_req, res) => res.json(large));
  app.get('/small', (_req, res) => res.json(small));
  app.get('/stream', (_req, res) => {
    res.type('text/csv');
    for (let i = 0; i < 100; i += 1) res.write(`row ${i},some text\r\n`);
    res.end();
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => new Promise((resolve) => server.close(resolve)));

/** node:http, not fetch: fetch would decode the body and hide the encoding. */
function raw(path: string, acceptEncoding?: string): Promise<{ res: IncomingMessage; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(
      `${base}${path}`,
      { headers: acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve({ res, body: Buffer.concat(chunks) }));
      },
    ).on('error', reject);
  });
}

describe('compressApi', () => {
  test('brotli when accepted (preferred over gzip), decoding to the same JSON', async () => {
    const { res, body } = await raw('/large', 'gzip, deflate, br');
    assert.equal(res.headers['content-encoding'], 'br');
    assert.match(String(res.headers.vary), /Accept-Encoding/i);
    assert.deepEqual(JSON.parse(brotliDecompressSync(body).toString()), large);
    assert.ok(body.length < JSON.stringify(large).length / 3);
  });

  test('gzip when only gzip is accepted', async () => {
    const { res, body } = await raw('/large', 'gzip');
    assert.equal(res.headers['content-encoding'], 'gzip');
    assert.deepEqual(JSON.parse(gunzipSync(body).toString()), large);
  });

  test('plain when the client accepts no encoding or refuses them', async () => {
    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const { res, body } = await raw('/large', accept);
      assert.equal(res.headers['content-encoding'], undefined, String(accept));
      assert.deepEqual(JSON.parse(body.toString()), large);
    }
  });

  test('answers under 1 KB are sent as they are', async () => {
    const { res, body } = await raw('/small', 'br');
    assert.equal(res.headers['content-encoding'], undefined);
    assert.deepEqual(JSON.parse(body.toString()), small);
  });

  test('a streamed answer is compressed too', async () => {
    const { res, body } = await raw('/stream', 'br');
    assert.equal(res.headers['content-encoding'], 'br');
    assert.match(brotliDecompressSync(body).toString(), /^row 0,some text\r\n[\s\S]*row 99,some text\r\n$/);
  });
});
