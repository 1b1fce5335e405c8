/**
 * The about badge follows the puppies by itself (decision 082): a fresh install says the spec's
 * "Only 4 Puppies Available!" while its puppies are the seed's; once the breeder changes them
 * (sells, reserves, edits one) it counts the puppies a family can still choose, with no visit to
 * the editor; her own written words, once she chooses them, stay whatever the puppies do.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import * as cheerio from 'cheerio';
import type { SiteEditorState } from '../../src/features/site/site-api';
import { postInquiry, uniqueInquiry } from '../helpers/inquiries';
import { puppyAdmin } from '../helpers/puppies';
import { startServer } from '../helpers/server';

/**
 * The about section's badge as a visitor reads it on `/` (or the preview): the line over the
 * photo, or null when there is none.
 */
function badgeIn(html: string): string | null {
  const $ = cheerio.load(html);
  const photo = $('#about picture');
  assert.equal(photo.length, 1);
  const badges = photo.siblings('p');
  assert.ok(badges.length <= 1);
  return badges.length === 0 ? null : badges.text();
}

async function freshInstall() {
  const server = await startServer({ env: { INQUIRY_RATE_LIMIT: 'off' } });
  const admin = await puppyAdmin(server.url, server.dataDir);
  const badge = async () => badgeIn(await (await fetch(`${server.url}/`)).text());
  const previewBadge = async () => {
    const res = await admin.send('GET', '/admin/site/preview');
    assert.equal(res.status, 200);
    return badgeIn(await res.text());
  };
  const siteFile = () => readFile(path.join(server.dataDir, 'site.json'), 'utf8');
  const ok = async (method: string, url: string, body: unknown) => {
    const res = await admin.send(method, url, body);
    assert.equal(res.status, 200, `${method} ${url}: ${await res.clone().text()}`);
    return res.json();
  };
  const sell = async (name: string) => {
    const puppy = await admin.find(name);
    await ok('POST', `/api/puppies/${puppy.id}/sold`, {
      description: `${name} went home to a loving family.`,
      version: puppy.version,
    });
  };
  return { server, admin, badge, previewBadge, siteFile, ok, sell };
}

describe('the about badge follows the puppies by itself', () => {
  let install: Awaited<ReturnType<typeof freshInstall>>;
  before(async () => {
    install = await freshInstall();
  });
  after(() => install?.server.stop());

  test("a fresh install: the spec's words, counted from the puppies as soon as she reserves or sells one", async () => {
    const { server, admin, badge, previewBadge, siteFile, ok, sell } = install;
    assert.equal(await badge(), 'Only 4 Puppies Available!');
    assert.equal(await previewBadge(), 'Only 4 Puppies Available!');
    const editor = (await (await admin.send('GET', '/api/site')).json()) as SiteEditorState;
    assert.equal(editor.content.about.badgeMode, 'count');
    const site = await siteFile();

    // Luna held for a family: not available any more, so one puppy is left (Daisy).
    const inquiry = (await (await postInquiry(server.url, uniqueInquiry('badge'))).json()) as { id: string };
    const luna = await admin.find('Luna');
    const reserved = (await ok('POST', `/api/inquiries/${inquiry.id}/reservation`, { puppyId: luna.id })) as {
      reservation: { id: string };
    };
    assert.equal(await badge(), 'Only 1 Puppy Available!');
    assert.equal(await previewBadge(), 'Only 1 Puppy Available!');

    // Daisy sold and Luna reserved: none available, no badge at all.
    await sell('Daisy');
    assert.equal(await badge(), null);

    // The reservation cancelled: Luna is available again, and the count says so (not the seed's words).
    await ok('POST', `/api/reservations/${reserved.reservation.id}/cancel`, {});
    assert.equal(await badge(), 'Only 1 Puppy Available!');

    // None of it went through the editor: the site's content is as the install wrote it.
    assert.equal(await siteFile(), site);
  });
});

describe('the about badge: an edited puppy counts too; her own words stay', () => {
  let install: Awaited<ReturnType<typeof freshInstall>>;
  before(async () => {
    install = await freshInstall();
  });
  after(() => install?.server.stop());

  test('editing a puppy (not its availability) is a change: the badge counts', async () => {
    const { admin, badge, ok } = install;
    const daisy = await admin.find('Daisy');
    const { id, version, status: _status, photos, ...fields } = daisy;
    await ok('PUT', `/api/puppies/${id}`, {
      ...fields,
      description: 'Daisy loves the garden hose.',
      photos: photos.map((photo) => ({ id: photo.id, alt: photo.alt })),
      version,
    });
    assert.equal(await badge(), 'Only 2 Puppies Available!');
  });

  test('her own written words are kept when puppies are sold, until she chooses the count again', async () => {
    const { admin, badge, previewBadge, ok, sell } = install;
    const publishWith = async (about: Partial<SiteEditorState['content']['about']>) => {
      const now = (await (await admin.send('GET', '/api/site')).json()) as SiteEditorState;
      await ok('PUT', '/api/site/draft', {
        basedOn: now.basedOn,
        content: { ...now.content, about: { ...now.content.about, ...about } },
      });
      await ok('POST', '/api/site/publish', { basedOn: now.basedOn });
    };
    await publishWith({ badgeMode: 'written', badge: 'Just a Few Left – Ask Today!' });
    assert.equal(await badge(), 'Just a Few Left – Ask Today!');
    await sell('Daisy');
    assert.equal(await badge(), 'Just a Few Left – Ask Today!');
    assert.equal(await previewBadge(), 'Just a Few Left – Ask Today!');
    await sell('Luna');
    assert.equal(await badge(), 'Just a Few Left – Ask Today!');

    await publishWith({ badgeMode: 'count' });
    assert.equal(await badge(), null);
  });
});
