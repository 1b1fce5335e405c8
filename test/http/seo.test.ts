import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import * as cheerio from 'cheerio';
import { seedAvailable as availablePuppies } from '../../src/features/puppies/spec-puppies.server';
import { prices } from '../../src/features/site/spec-content.server';
import { brand } from '../../src/shared/brand';
import { fetchDocument } from '../helpers/html';
import { startServer } from '../helpers/server';
import { suiteServer } from '../helpers/suite';

const PUBLIC_URL = 'https://saguarodoodles.example';

describe('findable and shareable', () => {
  const server = suiteServer({ env: { PUBLIC_URL } });
  let $: cheerio.CheerioAPI;
  before(async () => {
    $ = await fetchDocument(`${server.url}/`);
  });

  test('title, description and canonical URL from PUBLIC_URL', () => {
    assert.match($('title').text(), /F1B English Cream Goldendoodle Puppies in Prescott Valley, AZ/);
    assert.ok(($('meta[name="description"]').attr('content') ?? '').length >= 70);
    assert.equal($('link[rel="canonical"]').attr('href'), `${PUBLIC_URL}/`);
  });

  test('Open Graph and Twitter card tags with an image that exists', async () => {
    const og = (property: string) => $(`meta[property="${property}"]`).attr('content');
    assert.equal(og('og:type'), 'website');
    assert.equal(og('og:url'), `${PUBLIC_URL}/`);
    assert.ok(og('og:title'));
    assert.ok(og('og:description'));
    const image = og('og:image') ?? '';
    assert.ok(image.startsWith(`${PUBLIC_URL}/`));
    assert.equal($('meta[name="twitter:card"]').attr('content'), 'summary_large_image');
    assert.equal($('meta[name="twitter:image"]').attr('content'), image);
    const res = await fetch(`${server.url}${new URL(image).pathname}`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'image/jpeg');
  });

  test('JSON-LD: a LocalBusiness serving Prescott Valley, AZ, offering the puppies at their prices', () => {
    const data = JSON.parse($('script[type="application/ld+json"]').text());
    assert.equal(data['@type'], 'LocalBusiness');
    assert.equal(data.name, brand.full);
    assert.equal(data.areaServed.name, 'Prescott Valley, AZ');
    assert.equal(data.address.addressLocality, 'Prescott Valley');
    assert.equal(data.address.addressRegion, 'AZ');
    const offers = data.makesOffer as {
      price: string;
      priceCurrency: string;
      itemOffered: { name: string };
    }[];
    for (const puppy of availablePuppies) {
      const offer = offers.find((o) => o.itemOffered.name.startsWith(puppy.name));
      assert.ok(offer, `${puppy.name} is offered`);
      assert.equal(offer.price, '900.00');
      assert.equal(offer.priceCurrency, 'USD');
    }
    assert.ok(
      offers.some((o) => o.price === `${prices.pair}.00`),
      'the two-puppy deal is offered',
    );
  });

  test('robots.txt keeps /admin out and names the sitemap', async () => {
    const res = await fetch(`${server.url}/robots.txt`);
    assert.equal(res.status, 200);
    const text = await res.text();
    assert.match(text, /^User-agent: \*$/m);
    assert.match(text, /^Disallow: \/admin$/m);
    assert.match(text, new RegExp(`^Sitemap: ${PUBLIC_URL}/sitemap.xml$`, 'm'));
  });

  test('sitemap.xml lists the landing page only', async () => {
    const res = await fetch(`${server.url}/sitemap.xml`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /xml/);
    const $x = cheerio.load(await res.text(), { xml: true });
    assert.deepEqual(
      $x('url > loc')
        .map((_, el) => $x(el).text())
        .get(),
      [`${PUBLIC_URL}/`],
    );
  });

  test('favicon, touch icon and a web app manifest whose icons exist', async () => {
    for (const href of [$('link[rel="icon"]').attr('href'), $('link[rel="apple-touch-icon"]').attr('href')]) {
      assert.ok(href);
      assert.equal((await fetch(`${server.url}${href}`)).status, 200, href);
    }
    const manifestHref = $('link[rel="manifest"]').attr('href') ?? '';
    const res = await fetch(`${server.url}${manifestHref}`);
    assert.equal(res.status, 200);
    const manifest = (await res.json()) as { name: string; icons: { src: string; sizes: string }[] };
    assert.equal(manifest.name, brand.full);
    assert.deepEqual(
      manifest.icons.map((icon) => icon.sizes),
      ['192x192', '512x512'],
    );
    for (const icon of manifest.icons) assert.equal((await fetch(`${server.url}${icon.src}`)).status, 200);
  });

  test('the admin pages ask not to be indexed', async () => {
    const login = cheerio.load(await (await fetch(`${server.url}/admin/login`)).text());
    assert.equal(login('meta[name="robots"]').attr('content'), 'noindex');
  });
});

describe('without PUBLIC_URL', () => {
  test('absolute URLs come from the request', async () => {
    const server = await startServer();
    try {
      const $ = cheerio.load(await (await fetch(`${server.url}/`)).text());
      assert.equal($('link[rel="canonical"]').attr('href'), `${server.url}/`);
      assert.match(
        await (await fetch(`${server.url}/robots.txt`)).text(),
        new RegExp(`Sitemap: ${server.url}/sitemap.xml`),
      );
    } finally {
      await server.stop();
    }
  });
});
