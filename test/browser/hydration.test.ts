import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { browserSuite, openPage, type Page, viewports, waitForHydration } from './helpers';

/** The parts only the server renders (src/ui/server-html.ts): the browser must keep them as sent. */
const STATIC_PARTS = [
  '#hero-headline',
  '#hero-headline + p',
  'section:has(#deal-heading)',
  '#about',
  '#why-choose',
  'section:has(#health-heading)',
  '#puppies-heading + p',
  '#limited-heading',
  '#limited-heading + p',
  '#sold-heading + p',
  '#contact-heading',
  '#contact-heading + p',
  '#contact aside',
  '#root > footer',
];

const staticParts = (page: Page) =>
  page.evaluate(
    (selectors) =>
      selectors.map((selector) => document.querySelector(selector)?.outerHTML ?? `missing ${selector}`),
    STATIC_PARTS,
  );

describe('hydration', () => {
  const suite = browserSuite();

  for (const [name, viewport] of Object.entries(viewports)) {
    for (const path of ['/', '/nope', '/admin/login']) {
      test(`${path} hydrates on a ${name} with no console error or warning`, async () => {
        const { page, context, problems } = await openPage(suite.browser, viewport);
        await page.goto(`${suite.server.url}${path}`);
        await waitForHydration(page);
        await page.waitForLoadState('networkidle');
        assert.deepEqual(problems, []);
        await context.close();
      });
    }

    test(`/ keeps the server's HTML of its static sections through hydration on a ${name}`, async () => {
      const noScripts = await openPage(suite.browser, { ...viewport, javaScriptEnabled: false });
      await noScripts.page.goto(`${suite.server.url}/`);
      const sent = await staticParts(noScripts.page);
      await noScripts.context.close();
      assert.ok(sent.every((part) => !part.startsWith('missing') && part.length > 60));

      const { page, context, problems } = await openPage(suite.browser, viewport);
      await page.goto(`${suite.server.url}/`);
      await waitForHydration(page);
      await page.waitForLoadState('networkidle');
      assert.deepEqual(await staticParts(page), sent);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});
