import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { suiteServer } from '../helpers/suite';
import { until } from '../helpers/until';

/** Headers that differ between any two answers (time, connection handling). */
const perAnswer = new Set(['date', 'connection', 'keep-alive']);
const headersOf = (res: Response) =>
  Object.fromEntries([...res.headers].filter(([name]) => !perAnswer.has(name)).sort());

/**
 * GET / is answered from memory before the app's middleware (pages/landing-fast-path.ts) once the
 * page is rendered; the first request for an origin goes through the app and renders it. Both
 * must send exactly the same answer.
 */
describe('GET / on the hot path answers like the app', () => {
  const server = suiteServer({ env: { TRUST_PROXY: 'loopback' } });

  for (const [scheme, forwarded] of [
    ['http', {}],
    ['https (behind the proxy)', { 'X-Forwarded-Proto': 'https' }],
  ] as const) {
    test(`over ${scheme}: same status, headers and bytes on the first and later requests`, async () => {
      for (const encoding of ['br', 'gzip', '']) {
        const headers: Record<string, string> = { ...forwarded, 'Accept-Encoding': encoding };
        const answers = [];
        for (let i = 0; i < 3; i++) {
          const res = await fetch(`${server.url}/`, { headers });
          answers.push({
            status: res.status,
            headers: headersOf(res),
            body: Buffer.from(await res.arrayBuffer()),
          });
        }
        const [first, ...later] = answers;
        assert.ok(first);
        assert.equal(first.status, 200);
        for (const answer of later) {
          assert.equal(answer.status, first.status);
          assert.deepEqual(answer.headers, first.headers, `Accept-Encoding: "${encoding}"`);
          assert.deepEqual(answer.body, first.body);
        }
        assert.equal(first.headers['content-encoding'], encoding || undefined);
        const hsts = first.headers['strict-transport-security'];
        if (scheme === 'http') assert.equal(hsts, undefined);
        else assert.match(hsts ?? '', /max-age=31536000/);
      }
    });
  }

  test('HEAD gets the headers of GET and no body; 304 for the current ETag', async () => {
    const get = await fetch(`${server.url}/`, { headers: { 'Accept-Encoding': 'br' } });
    await get.arrayBuffer();
    const head = await fetch(`${server.url}/`, { method: 'HEAD', headers: { 'Accept-Encoding': 'br' } });
    assert.equal(head.status, 200);
    assert.deepEqual(headersOf(head), headersOf(get));
    assert.equal((await head.arrayBuffer()).byteLength, 0);
    const etag = get.headers.get('etag') ?? '';
    const again = await fetch(`${server.url}/`, {
      headers: { 'If-None-Match': etag, 'Cache-Control': 'max-age=0' },
    });
    assert.equal(again.status, 304);
    assert.equal(again.headers.get('etag'), etag);
  });

  test('every request to / is logged, the hot path included', async () => {
    const logged = () =>
      (server.output().match(/"event":"request","method":"GET","path":"\/","status":200/g) ?? []).length;
    const before = logged();
    for (let i = 0; i < 3; i++) await (await fetch(`${server.url}/`)).arrayBuffer();
    // Lines go out once per event-loop turn, through a pipe: give them a moment to arrive.
    await until(() => logged() - before >= 3, 'three request lines');
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(logged() - before, 3, 'one line per request, not more');
  });

  test('other methods and "/?…" still go through the app', async () => {
    assert.equal((await fetch(`${server.url}/`, { method: 'DELETE' })).status, 405);
    const withQuery = await fetch(`${server.url}/?ref=1`, { headers: { 'Accept-Encoding': 'br' } });
    const plain = await fetch(`${server.url}/`, { headers: { 'Accept-Encoding': 'br' } });
    assert.deepEqual(Buffer.from(await withQuery.arrayBuffer()), Buffer.from(await plain.arrayBuffer()));
    assert.equal(withQuery.headers.get('cache-control'), plain.headers.get('cache-control'));
  });
});

for (const publicUrl of [undefined, 'https://doodles.example']) {
  describe(`GET / on the hot path without TRUST_PROXY, PUBLIC_URL ${publicUrl ?? 'unset'}`, () => {
    const server = suiteServer({ env: publicUrl ? { PUBLIC_URL: publicUrl } : {} });

    test('a client cannot claim HTTPS: X-Forwarded-Proto is ignored, on the first and later requests', async () => {
      const canonical = (html: string) => html.match(/<link rel="canonical" href="([^"]+)"/)?.[1];
      for (let i = 0; i < 3; i++) {
        const res = await fetch(`${server.url}/`, { headers: { 'X-Forwarded-Proto': 'https' } });
        assert.equal(res.status, 200);
        assert.equal(res.headers.get('strict-transport-security'), null, `request ${i + 1}`);
        assert.equal(canonical(await res.text()), `${publicUrl ?? server.url}/`);
      }
    });
  });
}
