/**
 * A second inquire action right after the first (issue 9's bug): however quickly it follows, the
 * page must end at the contact form with the second action's dropdown value.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { NO_PREFERENCE } from '../../src/shared/content';
import { type Browser, launchBrowser, openPage, viewports } from '../helpers/browser';
import { type RunningServer, startServer } from '../helpers/server';

let server: RunningServer;
let browser: Browser;
before(async () => {
  browser = await launchBrowser();
  server = await startServer();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

const TRIES = 16;

for (const [name, viewport] of Object.entries(viewports)) {
  describe(`two inquire actions in quick succession on a ${name}`, () => {
    test(`"Inquire About Daisy" then, within 100 ms, the deal button ends at the form (${TRIES} tries)`, async () => {
      const { page, context, problems } = await openPage(browser, viewport);
      await page.goto(server.url);
      await page.waitForFunction(() => {
        const root = document.getElementById('root');
        return Boolean(root && Object.keys(root).some((key) => key.startsWith('__reactContainer')));
      });
      await page.waitForTimeout(500);
      const daisy = page.getByRole('link', { name: 'Inquire About Daisy' });
      const deal = page.getByRole('link', { name: 'Claim This Special Offer Now!' });
      const failures: string[] = [];
      for (let i = 0; i < TRIES; i++) {
        await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
        await daisy.scrollIntoViewIfNeeded();
        await daisy.click();
        await page.waitForTimeout(30 + (i % 4) * 20);
        await deal.click();
        const settled = await page
          .waitForFunction(
            () => {
              const top = document.getElementById('contact')?.getBoundingClientRect().top ?? Number.NaN;
              return Math.abs(top - Number.parseFloat(getComputedStyle(document.getElementById('contact') as Element).scrollMarginTop)) <= 2;
            },
            undefined,
            { timeout: 3000 },
          )
          .then(
            () => true,
            () => false,
          );
        const value = await page.locator('#contact-puppy').inputValue();
        if (!settled) failures.push(`try ${i + 1}: stayed at ${await page.evaluate(() => window.scrollY)}`);
        if (value !== NO_PREFERENCE) failures.push(`try ${i + 1}: dropdown ${value}`);
      }
      assert.deepEqual(failures, []);
      assert.deepEqual(problems, []);
      await context.close();
    });
  });
}
