import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, test } from 'node:test';
import * as cheerio from 'cheerio';
import { notFound } from '../../src/ui/not-found-labels';
import { suiteServer } from '../helpers/suite';

describe('the server-rendered document', () => {
  const server = suiteServer();

  test('prints one listening line', () => {
    assert.match(server.output(), /^listening on http:\/\/[^\s:]+:\d+$/m);
  });

  test('/ is a complete document with lang, title, description and viewport', async () => {
    const res = await fetch(`${server.url}/`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /text\/html/);
    const $ = cheerio.load(await res.text());
    assert.equal($('html').attr('lang'), 'en');
    assert.ok($('title').text().length > 10);
    assert.ok(($('meta[name="description"]').attr('content') ?? '').length > 50);
    assert.match($('meta[name="viewport"]').attr('content') ?? '', /width=device-width/);
    assert.equal($('script[type="module"]').length, 1);
  });

  test('an unknown path is a real 404 with the spec text', async () => {
    const res = await fetch(`${server.url}/nope`);
    assert.equal(res.status, 404);
    const $ = cheerio.load(await res.text());
    assert.equal($('h1').text(), notFound.heading);
    assert.ok($('main').text().includes(notFound.text));
  });

  test('hashed assets are cached for a year, immutable', async () => {
    const $ = cheerio.load(await (await fetch(`${server.url}/`)).text());
    // The boot module, and the app it loads after the first paint (named in its data attributes).
    const boot = $('script[type="module"]');
    const assets = [boot.attr('src'), boot.attr('data-app'), ...(boot.attr('data-preload') ?? '').split(' ')];
    assert.ok(assets.length >= 3);
    for (const asset of assets) {
      assert.ok(asset, 'asset linked');
      const res = await fetch(`${server.url}${asset}`);
      assert.equal(res.status, 200, asset);
      assert.equal(res.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    }
  });

  test("the page's stylesheet arrives inside the HTML, allowed by its hash in the CSP", async () => {
    const res = await fetch(`${server.url}/`);
    const $ = cheerio.load(await res.text());
    const css = $('head style').text();
    assert.ok(css.length > 1000, 'the stylesheet is inlined');
    assert.equal($('link[rel="stylesheet"]').length, 0, 'no render-blocking stylesheet request on /');
    const hash = createHash('sha256').update(css).digest('base64');
    assert.ok((res.headers.get('content-security-policy') ?? '').includes(`'sha256-${hash}'`));
  });

  test('a missing asset is a 404, not the page', async () => {
    const res = await fetch(`${server.url}/assets/main-NOPE.js`);
    assert.equal(res.status, 404);
  });

  test('the landing page is served with an ETag and answers 304 when it matches', async () => {
    const first = await fetch(`${server.url}/`);
    const etag = first.headers.get('etag');
    assert.ok(etag);
    // fetch() adds "Cache-Control: no-cache" to a conditional request unless one is given; a
    // browser revalidating its copy sends max-age=0.
    const second = await fetch(`${server.url}/`, {
      headers: { 'If-None-Match': etag, 'Cache-Control': 'max-age=0' },
    });
    assert.equal(second.status, 304);
  });
});
