import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { hero } from '../../src/features/site/spec-content.server';
import { browserSuite, viewports, waitForHydration } from './helpers';

/**
 * What a phone fetches first (see docs/decisions, first paint before JavaScript): the page and
 * the first hero photo; the app's JavaScript only after the first contentful paint; the other
 * slides' photos only after the load event. And the page still hydrates and works.
 */
describe('the order of the first load on a phone', () => {
  const suite = browserSuite();

  test('hero photo, then paint, then the app; later slides after load; hydrated', async () => {
    const { page, problems } = await suite.open(viewports.phone);
    await page.goto(`${suite.server.url}/`);
    await waitForHydration(page);
    await page.waitForFunction(
      (count: number) => {
        const photos = [...document.querySelectorAll<HTMLImageElement>('[aria-roledescription="slide"] img')];
        return photos.length === count && photos.every((photo) => photo.complete && photo.naturalWidth > 0);
      },
      hero.slides.length,
      { timeout: 10_000 },
    );

    const fcp = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    );
    const resources = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => ({ url: entry.name, start: entry.startTime })),
    );
    const started = (pattern: RegExp) =>
      resources.find((resource: { url: string }) => pattern.test(resource.url))?.start ?? Number.NaN;
    const app = await page.evaluate(
      () => document.querySelector<HTMLScriptElement>('script[data-app]')?.dataset.app,
    );
    assert.ok(app, 'the boot script names the app');
    const appStart = started(new RegExp(`${app.replaceAll('/', '\\/')}$`));
    assert.ok(
      appStart >= fcp,
      `the app (${appStart} ms) is fetched after the first contentful paint (${fcp} ms)`,
    );

    const slideIds = hero.slides.map((slide) => slide.image.id);
    const [first, ...others] = slideIds.map((id) => started(new RegExp(`/img/${id}-`)));
    assert.ok(
      Number.isFinite(first) && first !== undefined && first < appStart,
      'the first slide before the app',
    );
    const load = await page.evaluate(
      () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart,
    );
    for (const [i, start] of others.entries())
      assert.ok(start >= load, `slide ${i + 2}'s photo (${start} ms) after the load event (${load} ms)`);
    assert.deepEqual(problems, []);
  });
});
