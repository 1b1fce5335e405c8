/**
 * The landing page as the server sends it (what a visitor without scripts, or a crawler, gets):
 * every section, id, text and constant of the spec, in the spec's order. Spec-mandated texts are
 * asserted as literals, so a typo in the labels or the seed fails here; invented texts come from
 * them (the sections' *-labels.ts, src/features/site/spec-content.server.ts).
 *
 * This file: the page's frame (section order, headings, header, footer) and its images.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import type * as cheerio from 'cheerio';
import sharp from 'sharp';
import { seedPhotos } from '../../src/features/puppies/spec-puppies.server';
import { contentPhotos, footer } from '../../src/features/site/spec-content.server';
import { brand } from '../../src/shared/brand';
import { fetchDocument, text } from '../helpers/html';
import { suiteServer } from '../helpers/suite';

describe('the landing page, server-rendered: frame and images', () => {
  const server = suiteServer();
  let $: cheerio.CheerioAPI;
  before(async () => {
    $ = await fetchDocument(`${server.url}/`);
  });

  /** Position of the first element matching `selector` in document order. */
  const position = (selector: string) => {
    const all = $('*').toArray();
    const found = $(selector).first().get(0);
    assert.ok(found, `${selector} is on the page`);
    return all.indexOf(found);
  };

  test('the sections come in the spec order inside header, main and footer', () => {
    const order = [
      'body > #root > header',
      'main h1',
      'main section:has(h2:contains("AMAZING PUPPY DEAL"))',
      'main section#about',
      'main section#puppies',
      'main section#sold-puppies',
      'main section#why-choose',
      'main section:has(h2:contains("Health & Details"))',
      'main section#contact',
      'body > #root > footer',
    ];
    const positions = order.map(position);
    for (let i = 1; i < positions.length; i++) {
      assert.ok((positions[i] ?? 0) > (positions[i - 1] ?? 0), `${order[i]} comes after ${order[i - 1]}`);
    }
    assert.equal($('main').length, 1);
    assert.equal($('h1').length, 1, 'exactly one h1');
  });

  test('heading levels never skip a level', () => {
    let previous = 1;
    $('main h1, main h2, main h3, main h4, footer h2, footer h3').each((_, el) => {
      const level = Number(el.tagName.slice(1));
      assert.ok(level <= previous + 1, `${el.tagName} "${text($(el))}" follows h${previous}`);
      previous = level;
    });
  });

  test('header: wordmark in two coloured words, the four targets, the mobile toggle', () => {
    const header = $('header').first();
    const words = header.find('a[href="/"]').children('span');
    assert.deepEqual(
      words.toArray().map((el) => text($(el))),
      [brand.first, brand.second],
    );
    assert.notEqual(words.eq(0).attr('class'), words.eq(1).attr('class'), 'each word has its own colour');

    const nav = header.find('nav');
    assert.ok(nav.attr('aria-label'), 'the nav landmark is labelled');
    const links = nav
      .find('li a')
      .toArray()
      .map((el) => [text($(el)), $(el).attr('href')]);
    assert.deepEqual(links, [
      ['About', '#about'],
      ['Meet the Puppies', '#puppies'],
      ['Why Choose Us', '#why-choose'],
      ['Inquire Now', '#contact'],
    ]);
    const highlighted = nav.find('a[href="#contact"]').attr('class');
    assert.notEqual(highlighted, nav.find('a[href="#about"]').attr('class'), 'Inquire Now is highlighted');

    const toggle = header.find('button[aria-label="Toggle mobile menu"]');
    assert.equal(toggle.length, 1);
    assert.equal(toggle.attr('aria-expanded'), 'false');
    assert.equal($(`#${toggle.attr('aria-controls')}`).find('a').length, 4, 'the toggle controls the list');
  });

  test('footer: brand, Prescott Valley line, four quick links, contact note, © 2025, Admin Login', () => {
    const foot = $('footer');
    const all = text(foot);
    assert.ok(all.includes(`${brand.first} ${brand.second}`), 'brand text');
    assert.ok(all.includes('F1B English Goldendoodle puppies in Prescott Valley, AZ'));
    const links = foot
      .find('nav a')
      .toArray()
      .map((el) => $(el).attr('href'));
    assert.deepEqual(links, ['#about', '#puppies', '#why-choose', '#contact']);
    assert.ok(foot.find('nav').attr('aria-label'));
    assert.ok(/contact form/i.test(footer.contactNote) && all.includes(footer.contactNote));
    assert.match(all, /© 2025 /);
    const admin = foot.find('a[href="/admin/login"]');
    assert.equal(text(admin), 'Admin Login');
  });

  test('every image has alt text and its intrinsic width and height', () => {
    const images = $('img').toArray();
    assert.ok(images.length >= 3 + 1 + 2 + 5);
    for (const el of images) {
      const img = $(el);
      assert.ok((img.attr('alt') ?? '').trim().length > 0, `${img.attr('src')} has alt text`);
      assert.ok(
        Number(img.attr('width')) > 0 && Number(img.attr('height')) > 0,
        `${img.attr('src')} has a size`,
      );
    }
  });

  test('every photo the page references is served as a JPEG', async () => {
    const sources = [
      ...new Set(
        $('img')
          .toArray()
          .map((el) => $(el).attr('src') ?? ''),
      ),
    ];
    for (const src of sources) {
      const res = await fetch(`${server.url}${src}`);
      assert.equal(res.status, 200, src);
      assert.equal(res.headers.get('content-type'), 'image/jpeg', src);
      await res.arrayBuffer();
    }
  });

  test('every photo a fresh install seeds exists at its declared size, at a photographic weight', async () => {
    for (const photo of [...contentPhotos(), ...seedPhotos()]) {
      const file = path.resolve('public/photos', `${photo.id}.jpg`);
      const data = await readFile(file);
      const meta = await sharp(data).metadata();
      assert.equal(meta.format, 'jpeg', photo.id);
      assert.deepEqual([meta.width, meta.height], [photo.width, photo.height], photo.id);
      assert.ok(data.length > 50_000 && data.length < 1_200_000, `${photo.id}: ${data.length} bytes`);
    }
  });
});
