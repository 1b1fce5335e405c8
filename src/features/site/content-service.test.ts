import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, mock, test } from 'node:test';
import { WriteGate } from '../../storage/durable-write';
import { SiteFile } from '../../storage/site-file';
import { ContentRefused, openContentService } from './content-service.server';

/** site.json in `dir`, opened as the storage layer opens it. */
const storageIn = (dir: string) => ({
  openSite: (seed: Parameters<typeof SiteFile.open>[1]) =>
    SiteFile.open({ file: path.join(dir, 'site.json'), gate: new WriteGate() }, seed),
});

// In a describe, so that its hooks stay with its tests when the unit tier runs every file in one
// process (scripts/test.sh, decision 124).
describe('the site content service', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'site-content-'));
  });
  afterEach(async () => {
    mock.timers.reset();
    await rm(dir, { recursive: true, force: true });
  });

  const none = { available: [], sold: [] };

  test('publishes keep the last 20 versions, newest first; a stale base is refused and changes nothing', async () => {
    const service = await openContentService({ storage: storageIn(dir), timeZone: 'America/Phoenix' });
    let basedOn = 1;
    for (let n = 1; n <= 22; n += 1) {
      const content = {
        ...service.published(),
        hero: { ...service.published().hero, headline: `Litter ${n}` },
      };
      await service.saveDraft(content, basedOn);
      basedOn = (await service.publish(basedOn, 'breeder@example.com')).basedOn;
    }
    const state = service.editor();
    assert.equal(state.history.length, 20);
    assert.equal(state.history[0]?.revision, 23);
    assert.equal(state.history.at(-1)?.revision, 4);
    assert.equal(service.page(none, false).hero.headline, 'Litter 22');

    const before = await readFile(path.join(dir, 'site.json'), 'utf8');
    await assert.rejects(service.saveDraft(service.published(), 22), (error: unknown) => {
      assert.ok(error instanceof ContentRefused);
      assert.equal(error.status, 409);
      return true;
    });
    await assert.rejects(service.publish(22, 'x'), ContentRefused);
    assert.equal(await readFile(path.join(dir, 'site.json'), 'utf8'), before);
    await service.close();

    // A restart keeps everything.
    const again = await openContentService({ storage: storageIn(dir), timeZone: 'America/Phoenix' });
    assert.equal(again.page(none, false).hero.headline, 'Litter 22');
    assert.equal(again.editor().history.length, 20);
    await again.close();
  });

  test('a site.json that is not valid stops the start and is left untouched', async () => {
    const file = path.join(dir, 'site.json');
    for (const text of [
      '{ not json',
      '{"version":9}',
      '{"version":1,"published":{"revision":1,"content":{}}}',
    ]) {
      await writeFile(file, text);
      await assert.rejects(openContentService({ storage: storageIn(dir), timeZone: 'UTC' }), /site\.json/);
      assert.equal(await readFile(file, 'utf8'), text);
    }
  });

  test('the computed age changes at the breeder’s midnight: the page data source says so', async () => {
    mock.timers.enable({ apis: ['setInterval', 'Date'], now: Date.parse('2025-05-03T12:00:00-07:00') });
    const service = await openContentService({ storage: storageIn(dir), timeZone: 'America/Phoenix' });
    const seed = service.published();
    const computed = { ...seed, litter: { ...seed.litter, ageMode: 'computed' as const } };
    await service.saveDraft(computed, 1);
    let changes = 0;
    service.onChange(() => {
      changes += 1;
    });
    await service.publish(1, 'breeder@example.com');
    assert.equal(changes, 1);
    assert.match(service.page(none, false).puppies.intro, /is 11 weeks old/);
    // Until midnight in Phoenix (07:00 UTC) nothing changes; after it, the age does, and listeners hear.
    mock.timers.tick(11 * 60 * 60 * 1000);
    assert.equal(changes, 1);
    mock.timers.tick(2 * 60 * 60 * 1000);
    assert.equal(changes, 2);
    assert.match(service.page(none, false).puppies.intro, /is 12 weeks old/);
    await service.close();
  });
});
