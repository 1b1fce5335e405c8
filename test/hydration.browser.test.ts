import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type Browser, launchBrowser, openPage, viewports } from './helpers/browser';
import { type RunningServer, startServer } from './helpers/server';

describe('hydration', () => {
  let server: RunningServer;
  let browser: Browser;
  before(async () => {
    // Chromium first: if it is missing, no server is left running to hold the test process open.
    browser = await launchBrowser();
    server = await startServer();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const [name, viewport] of Object.entries(viewports)) {
    for (const path of ['/', '/nope', '/admin/login']) {
      test(`${path} hydrates on a ${name} with no console error or warning`, async () => {
        const { page, context, problems } = await openPage(browser, viewport);
        await page.goto(`${server.url}${path}`);
        await page.waitForFunction(() => {
          const root = document.getElementById('root');
          return Boolean(root && Object.keys(root).some((key) => key.startsWith('__reactContainer')));
        });
        await page.waitForLoadState('networkidle');
        assert.deepEqual(problems, []);
        await context.close();
      });
    }
  }
});
