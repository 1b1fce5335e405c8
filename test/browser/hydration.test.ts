import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { browserSuite, openPage, viewports, waitForHydration } from './helpers';

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
  }
});
