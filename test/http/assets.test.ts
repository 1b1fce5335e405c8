import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import type * as cheerio from 'cheerio';
import { hero } from '../../src/features/site/spec-content.server';
import { fetchDocument } from '../helpers/html';
import { distDir } from '../helpers/server';
import { suiteServer } from '../helpers/suite';

describe('images, compression and caching', () => {
  const server = suiteServer();
  let $: cheerio.CheerioAPI;
  before(async () => {
    $ = await fetchDocument(`${server.url}/`);
  });

  test('every photo is a <picture> with AVIF and WebP sources at several widths, and a sized JPEG', () => {
    const pictures = $('picture');
    assert.ok(pictures.length >= 10);
    pictures.each((_, el) => {
      const picture = $(el);
      const types = picture
        .find('source')
        .map((_, s) => $(s).attr('type'))
        .get();
      assert.deepEqual(types, ['image/avif', 'image/webp']);
      for (const source of picture.find('source').toArray()) {
        const srcset = $(source).attr('srcset') ?? '';
        assert.ok(srcset.split(',').length >= 2, `several widths: ${srcset}`);
        assert.ok($(source).attr('sizes'));
      }
      const img = picture.find('img');
      assert.ok(img.attr('alt'));
      assert.ok(Number(img.attr('width')) > 0 && Number(img.attr('height')) > 0);
      assert.match(img.attr('srcset') ?? '', /\.jpg \d+w/);
    });
  });

  test('the first hero slide is eager, high priority and preloaded; photos below the fold are lazy', () => {
    const first = $('img').filter((_, el) => $(el).attr('alt') === hero.slides[0]?.image.alt);
    assert.equal(first.attr('loading'), 'eager');
    assert.equal(first.attr('fetchpriority'), 'high');
    const preload = $('link[rel="preload"][as="image"]');
    assert.equal(preload.attr('fetchpriority'), 'high');
    const firstAvif = first.closest('picture').find('source[type="image/avif"]').attr('srcset');
    assert.equal(preload.attr('imagesrcset'), firstAvif);
    const lazy = $('#puppies img, #sold-puppies img, #about img');
    assert.ok(lazy.length > 0);
    lazy.each((_, el) => assert.equal($(el).attr('loading'), 'lazy'));
  });

  test('image variants exist, are the formats they claim, and are cached immutably', async () => {
    const source = $('picture source[type="image/avif"]').first().attr('srcset') ?? '';
    const url = source.split(',')[0]?.trim().split(' ')[0] ?? '';
    const res = await fetch(`${server.url}${url}`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'image/avif');
    assert.equal(res.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    const bytes = Buffer.from(await res.arrayBuffer());
    assert.equal(bytes.subarray(4, 12).toString('latin1'), 'ftypavif');
  });

  test('scripts and styles are served precompressed, with Content-Encoding and Vary', async () => {
    const script = $('script[type="module"]').attr('src') ?? '';
    const original = await readFile(path.join(distDir, 'public', script));
    for (const encoding of ['br', 'gzip']) {
      const res = await fetch(`${server.url}${script}`, { headers: { 'Accept-Encoding': encoding } });
      assert.equal(res.headers.get('content-encoding'), encoding);
      assert.equal(res.headers.get('vary'), 'Accept-Encoding');
      assert.match(res.headers.get('content-type') ?? '', /javascript/);
      assert.equal(res.headers.get('cache-control'), 'public, max-age=31536000, immutable');
      // fetch decodes the body itself: it must be the original file, byte for byte.
      assert.deepEqual(Buffer.from(await res.arrayBuffer()), original);
    }
    const plain = await fetch(`${server.url}${script}`, { headers: { 'Accept-Encoding': 'identity' } });
    assert.equal(plain.headers.get('content-encoding'), null);
    assert.deepEqual(Buffer.from(await plain.arrayBuffer()), original);
  });

  test('the HTML is compressed too', async () => {
    const res = await fetch(`${server.url}/`, { headers: { 'Accept-Encoding': 'br' } });
    assert.equal(res.headers.get('content-encoding'), 'br');
    assert.equal(res.headers.get('vary'), 'Accept-Encoding');
    assert.match(await res.text(), /^<!DOCTYPE html>/);
  });

  test("a browser's Accept-Encoding gets brotli everywhere: the hot path, pages, scripts", async () => {
    // Browsers list gzip first; on equal weights the smaller brotli wins, whichever code answers.
    const chrome = { 'Accept-Encoding': 'gzip, deflate, br, zstd' };
    const script = $('script[type="module"]').attr('src') ?? '';
    for (const url of ['/', '/?ref=1', '/admin/login', '/no-such-page', script]) {
      const res = await fetch(`${server.url}${url}`, { headers: chrome });
      await res.arrayBuffer();
      assert.equal(res.headers.get('content-encoding'), 'br', url);
    }
    const gzipFirst = await fetch(`${server.url}${script}`, {
      headers: { 'Accept-Encoding': 'gzip;q=1, br;q=0.5' },
    });
    assert.equal(gzipFirst.headers.get('content-encoding'), 'gzip', 'a higher q-value still decides');
  });
});
