/**
 * The site editor's API against the built server, what she types: every length limit saves, a body
 * over 64 KB is refused, bad input is a 400 with field errors and changes nothing, an uploaded
 * photo becomes a slide with its true size (the rest is in site-api.test.ts).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { SiteEditorState } from '../../src/features/site/site-api';
import { fixtureDir, pngPhoto } from '../fixtures/photos';
import { type PuppyClient, puppyAdmin } from '../helpers/puppies';
import { type RunningServer, startServer } from '../helpers/server';
import { siteEditor } from '../helpers/site-editor';

const PUBLIC_URL = 'https://saguaro.example';
const _HOSTILE = '<script>alert(1)</script><img src=x onerror="alert(2)">';

describe('the site editor API: what she types and uploads', () => {
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

  test('a draft at every length limit in typographic quotes saves; a body over 64 KB is 413', async () => {
    const now = await state();
    const full = (n: number) => '’'.repeat(n);
    const content = {
      ...now.content,
      about: { ...now.content.about, paragraphs: full(1500) },
      why: {
        ...now.content.why,
        story: full(1500),
        cards: Array(9).fill({ icon: 'heart', title: full(60), description: full(240) }),
      },
      puppies: { intro: full(160), none: full(240), limitedHeading: full(60), limitedText: full(240) },
      contact: { ...now.content.contact, intro: full(240), questionsText: full(240) },
    };
    const body = JSON.stringify({ basedOn: now.basedOn, content });
    assert.ok(Buffer.byteLength(body) > 16 * 1024);
    const saved = await admin.send('PUT', '/api/site/draft', { basedOn: now.basedOn, content });
    assert.equal(saved.status, 200, await saved.clone().text());
    const huge = await admin.send('PUT', '/api/site/draft', {
      basedOn: now.basedOn,
      content,
      pad: 'x'.repeat(70_000),
    });
    assert.equal(huge.status, 413);
    assert.ok(((await huge.json()) as { message: string }).message);
    // Other API calls keep the 16 KB limit.
    const inquiry = await admin.send('POST', '/api/site/publish', {
      basedOn: now.basedOn,
      pad: 'x'.repeat(20_000),
    });
    assert.equal(inquiry.status, 413);
    await admin.send('POST', '/api/site/discard', { basedOn: now.basedOn });
  });

  test('bad input is a 400 with field errors, and changes nothing', async () => {
    const before = await siteFile();
    const now = await state();
    const bad: [string, unknown][] = [
      ['not an object', 'hello'],
      ['no content', { basedOn: now.basedOn }],
      [
        'price 0',
        { basedOn: now.basedOn, content: { ...now.content, prices: { ...now.content.prices, single: 0 } } },
      ],
      [
        'price 100001',
        {
          basedOn: now.basedOn,
          content: { ...now.content, prices: { ...now.content.prices, pair: 100_001 } },
        },
      ],
      [
        'unreal date',
        {
          basedOn: now.basedOn,
          content: { ...now.content, litter: { ...now.content.litter, born: '2025-02-30' } },
        },
      ],
      [
        'empty headline',
        { basedOn: now.basedOn, content: { ...now.content, hero: { ...now.content.hero, headline: ' ' } } },
      ],
      [
        'no slides',
        { basedOn: now.basedOn, content: { ...now.content, hero: { ...now.content.hero, slides: [] } } },
      ],
      [
        'six slides',
        {
          basedOn: now.basedOn,
          content: {
            ...now.content,
            hero: { ...now.content.hero, slides: Array(6).fill(now.content.hero.slides[0]) },
          },
        },
      ],
      [
        'unknown icon',
        {
          basedOn: now.basedOn,
          content: {
            ...now.content,
            why: { ...now.content.why, cards: [{ icon: 'bomb', title: 'x', description: 'y' }] },
          },
        },
      ],
    ];
    for (const [what, body] of bad) {
      const res = await admin.send('PUT', '/api/site/draft', body);
      assert.equal(res.status, 400, what);
      const answer = (await res.json()) as { message: string; errors: Record<string, string> };
      assert.ok(answer.message, what);
      if (typeof body === 'object') assert.ok(Object.keys(answer.errors ?? {}).length > 0, what);
    }
    // A photo that is neither a build photo nor a stored upload, nor an object's own property.
    for (const id of ['no-such-photo', 'constructor', '__proto__']) {
      const slides = [{ ...now.content.hero.slides[0], photo: { id, alt: 'x', width: 1, height: 1 } }];
      const res = await admin.send('PUT', '/api/site/draft', {
        basedOn: now.basedOn,
        content: { ...now.content, hero: { ...now.content.hero, slides } },
      });
      assert.equal(res.status, 400, id);
      const answer = (await res.json()) as { errors: Record<string, string> };
      assert.ok(answer.errors['hero.slides.0.photo.id'], id);
    }
    assert.equal(await siteFile(), before);
  });

  test('an uploaded photo becomes a hero slide, with its true size and widths; the page shows it', async () => {
    const photo = await admin.uploaded(await pngPhoto(await fixtureDir()));
    const res = await saveDraft((c) => ({
      ...c,
      hero: {
        ...c.hero,
        headline: 'New photos',
        tagline: 'Tagline',
        slides: [
          { photo: { id: photo.id, alt: 'Our new litter', width: 1, height: 1 }, focus: 'top' },
          ...c.hero.slides,
        ],
      },
    }));
    assert.equal(res.status, 200, await res.clone().text());
    const saved = ((await res.json()) as SiteEditorState).content.hero.slides[0]?.photo;
    assert.equal(saved?.width, photo.variants.width);
    assert.ok(saved?.widths && saved.widths.length > 0);
    await publish();
    const { $ } = await landing();
    assert.equal($('img[alt="Our new litter"]').length, 1);
    assert.match(
      $('link[rel="preload"][as="image"]').attr('imagesrcset') ?? '',
      new RegExp(`/media/${photo.id}-`),
    );
  });
});
