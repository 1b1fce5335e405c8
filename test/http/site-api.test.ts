/**
 * The site editor's API against the built server: a draft changes nothing on `/` (only the
 * preview, only for the admin); Publish makes it live in one step with a new ETag, share tags and
 * JSON-LD; a stale tab's change is refused (409); history and restore; facts that follow by
 * themselves (the available count, the computed age, the prices); everything typed is text; bad
 * input is a 4xx and changes nothing; only the signed-in admin, never another site.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as cheerio from 'cheerio';
import type { SiteEditorState } from '../../src/features/site/site-api';
import { type PuppyClient, puppyAdmin } from '../helpers/puppies';
import { type RunningServer, startServer } from '../helpers/server';
import { siteEditor } from '../helpers/site-editor';

const PUBLIC_URL = 'https://saguaro.example';
const HOSTILE = '<script>alert(1)</script><img src=x onerror="alert(2)">';

describe('the site editor API', () => {
  let server: RunningServer;
  let admin: PuppyClient;

  before(async () => {
    server = await startServer({ env: { PUBLIC_URL } });
    admin = await puppyAdmin(server.url, server.dataDir);
  });
  after(() => server?.stop());

  const { siteFile, state, saveDraft, publish, landing } = siteEditor(
    () => server,
    () => admin,
  );

  test('without a session every call is 401; from another site 403; nothing changes', async () => {
    const before = await siteFile();
    for (const [method, url] of [
      ['GET', '/api/site'],
      ['PUT', '/api/site/draft'],
      ['POST', '/api/site/discard'],
      ['POST', '/api/site/publish'],
      ['POST', '/api/site/restore'],
    ] as const) {
      const res = await fetch(`${server.url}${url}`, {
        method,
        headers: { 'Content-Type': 'application/json' },
        body: method === 'GET' ? undefined : JSON.stringify({ basedOn: 1 }),
      });
      assert.equal(res.status, 401, `${method} ${url}`);
      assert.ok(((await res.json()) as { message: string }).message);
      const cross = await admin.send(method, url, method === 'GET' ? undefined : { basedOn: 1 }, {
        Origin: 'https://evil.example',
        'Sec-Fetch-Site': 'cross-site',
      });
      assert.equal(cross.status, 403, `cross-site ${method} ${url}`);
    }
    const preview = await fetch(`${server.url}/admin/site/preview`, { redirect: 'manual' });
    assert.equal(preview.status, 303);
    assert.equal(preview.headers.get('location'), '/admin/login');
    assert.equal(await siteFile(), before);
  });

  test('a draft changes nothing on / ; the preview shows it to the admin only; publish makes it live', async () => {
    const before = await landing();
    const res = await saveDraft((c) => ({
      ...c,
      hero: { ...c.hero, headline: 'Spring Litter Is Here!' },
      seo: {
        ...c.seo,
        title: 'Spring puppies | Saguaro Doodles',
        description: 'Spring litter, {price} each.',
      },
      prices: { ...c.prices, single: 950, pair: 1700, pairRegular: 1900 },
    }));
    assert.equal(res.status, 200);
    assert.equal(((await res.json()) as SiteEditorState).hasDraft, true);

    const still = await landing();
    assert.equal(still.etag, before.etag);
    assert.equal(still.$('#hero-headline').text(), 'Meet Our Adorable F1B English Goldendoodle Puppies!');

    const preview = await admin.send('GET', '/admin/site/preview');
    assert.equal(preview.status, 200);
    assert.match(preview.headers.get('cache-control') ?? '', /no-store/);
    const $p = cheerio.load(await preview.text());
    assert.equal($p('#hero-headline').text(), 'Spring Litter Is Here!');

    await publish();
    // The page is rendered again as the publish lands; the first visitor waits at most for that.
    const started = performance.now();
    const after = await landing();
    const firstMs = performance.now() - started;
    assert.notEqual(after.etag, before.etag);
    const { $ } = after;
    assert.equal($('#hero-headline').text(), 'Spring Litter Is Here!');
    assert.equal($('title').text(), 'Spring puppies | Saguaro Doodles');
    assert.equal($('meta[property="og:title"]').attr('content'), 'Spring puppies | Saguaro Doodles');
    assert.equal($('meta[name="description"]').attr('content'), 'Spring litter, $950 each.');
    // The deal's saving and label and the side panel's price follow the prices.
    const deal = $('#deal-heading').closest('section').text();
    assert.match(deal, /\$950/);
    assert.match(deal, /BEST DEAL - SAVE \$200!/);
    assert.match(deal, /You save \$200/);
    assert.match($('#contact aside').text(), /Price: \$950/);
    const ld = JSON.parse($('script[type="application/ld+json"]').text());
    assert.equal(ld.priceRange, '$950–$1,700');
    assert.equal(ld.makesOffer.at(-1).price, '1700.00');
    // Measured without other load by `npm run bench -- publish` (≤ 200 ms); here the machine is shared.
    console.log(`# the first / after the publish: ${firstMs.toFixed(0)} ms`);
  });

  test('a stale tab cannot save or publish: 409 with a message to reload, nothing lost', async () => {
    const opened = await state();
    const other = await saveDraft((c) => ({ ...c, hero: { ...c.hero, tagline: 'From the first tab' } }));
    assert.equal(other.status, 200);
    await publish();
    const before = await siteFile();
    const stale = await saveDraft(
      (c) => ({ ...c, hero: { ...c.hero, tagline: 'From the second tab' } }),
      opened.basedOn,
    );
    assert.equal(stale.status, 409);
    assert.match(((await stale.json()) as { message: string }).message, /Reload the page/);
    const late = await admin.send('POST', '/api/site/publish', { basedOn: opened.basedOn });
    assert.equal(late.status, 409);
    assert.equal(await siteFile(), before);
    assert.equal((await landing()).$('#hero-headline').next('p').text(), 'From the first tab');
  });

  test('history lists the publishes, newest first, with who; restore makes one the draft', async () => {
    const now = await state();
    assert.ok(now.history.length >= 3);
    assert.equal(now.history[0]?.by, 'breeder@example.com');
    assert.equal(now.history.at(-1)?.revision, 1);
    assert.equal(now.history.at(-1)?.by, '');
    const res = await admin.send('POST', '/api/site/restore', { basedOn: now.basedOn, revision: 1 });
    assert.equal(res.status, 200);
    const restored = (await res.json()) as SiteEditorState;
    assert.equal(restored.hasDraft, true);
    assert.equal(restored.content.hero.headline, 'Meet Our Adorable F1B English Goldendoodle Puppies!');
    assert.equal((await landing()).$('#hero-headline').text(), 'Spring Litter Is Here!');
    const discarded = await admin.send('POST', '/api/site/discard', { basedOn: now.basedOn });
    assert.equal(
      ((await discarded.json()) as SiteEditorState).content.hero.headline,
      'Spring Litter Is Here!',
    );
    const unknown = await admin.send('POST', '/api/site/restore', { basedOn: now.basedOn, revision: 999 });
    assert.equal(unknown.status, 404);
  });

  test('the count follows the puppies, the age the birth date; the deal can be hidden', async () => {
    await saveDraft((c) => ({
      ...c,
      litter: { ...c.litter, born: '2020-01-01', ageMode: 'computed' },
      about: { ...c.about, badgeMode: 'count' },
      deal: { ...c.deal, shown: false },
    }));
    await publish();
    let { $ } = await landing();
    // The puppies are still the install's: the count keeps the spec's words until they change.
    assert.equal(
      $('#about p')
        .filter((_, el) => /Available!/.test($(el).text()))
        .text(),
      'Only 4 Puppies Available!',
    );
    assert.match($('#puppies').text(), /is \d+ years old, vet-checked/);
    assert.equal($('#deal-heading').length, 0);
    const daisy = (await admin.list()).find((p) => p.name === 'Daisy');
    assert.ok(daisy);
    const sold = await admin.send('POST', `/api/puppies/${daisy.id}/sold`, {
      description: 'Daisy went home to the Smiths.',
      version: daisy.version,
    });
    assert.equal(sold.status, 200);
    ({ $ } = await landing());
    assert.equal(
      $('#about p')
        .filter((_, el) => /Available!/.test($(el).text()))
        .text(),
      'Only 1 Puppy Available!',
    );
  });

  test('whatever is typed is text: markup comes out literally, never as elements', async () => {
    const res = await saveDraft((c) => ({
      ...c,
      hero: { ...c.hero, headline: HOSTILE.slice(0, 80), tagline: HOSTILE },
      about: { ...c.about, paragraphs: `${HOSTILE}\n\nSecond paragraph` },
      footer: { ...c.footer, tagline: HOSTILE },
      seo: { ...c.seo, description: HOSTILE },
    }));
    assert.equal(res.status, 200, await res.clone().text());
    await publish();
    const html = await (await fetch(`${server.url}/`)).text();
    assert.ok(!html.includes('<img src=x'), 'no injected element');
    assert.ok(!html.includes('<script>alert'), 'no injected script');
    const $ = cheerio.load(html);
    assert.equal($('#hero-headline').next('p').text(), HOSTILE);
    assert.equal($('#about p').filter((_, el) => $(el).text() === HOSTILE).length, 1);
    assert.equal($('#about p').filter((_, el) => $(el).text() === 'Second paragraph').length, 1);
    assert.equal($('meta[name="description"]').attr('content'), HOSTILE);
  });

  test('markup typed into every text field at once comes out as text', async () => {
    const skip = new Set(['id', 'focus', 'icon', 'ageMode', 'badgeMode', 'born']);
    const everyText = (value: unknown, typed: string, key = ''): unknown => {
      if (typeof value === 'string') return skip.has(key) ? value : typed;
      if (Array.isArray(value)) return value.map((item) => everyText(item, typed));
      if (value && typeof value === 'object')
        return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, everyText(v, typed, k)]));
      return value;
    };
    // Both fit the shortest field (a brand word, 20 characters).
    for (const typed of ['<script>a</script>', '<i onerror=a()>x</i>']) {
      const now = await state();
      const res = await admin.send('PUT', '/api/site/draft', {
        basedOn: now.basedOn,
        content: everyText(now.content, typed),
      });
      assert.equal(res.status, 200, await res.clone().text());
      await publish();
      const html = await (await fetch(`${server.url}/`)).text();
      assert.ok(!html.includes(typed), `${typed} appears as markup`);
      const $ = cheerio.load(html);
      assert.equal($('#hero-headline').text(), typed);
      assert.equal($('footer p').first().text(), `${typed} ${typed}`);
      assert.equal($('script').filter((_, el) => $(el).text() === 'a').length, 0);
      assert.equal($('[onerror]').length, 0);
    }
  });
});
