/**
 * "Take applications" on a born litter (issue 29, decision 131) in Chromium at phone (390 x 844)
 * and desktop widths: a fresh install's `/` has no "Apply for this litter" for its born litter;
 * she ticks "Take applications" in the litter's form on /admin/litters; `/` then shows the link
 * under the puppies and a family applies from it. axe finds nothing on each new state.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fillApplication } from './application-helpers';
import { assertNoViolations, browserSuite, viewports, waitForHydration } from './helpers';

const LITTER = 'February 2025 litter';

describe('"Take applications" on a born litter, in a browser', () => {
  const suite = browserSuite({ admin: true, env: { INQUIRY_RATE_LIMIT: 'off' } });

  for (const [width, options] of Object.entries(viewports)) {
    test(`${width}: she takes applications for the born litter, a family applies from its link on /`, async () => {
      const admin = await suite.openSignedIn(options);
      await admin.page.goto(`${suite.server.url}/admin/litters`);
      await waitForHydration(admin.page);
      const card = admin.page.locator(`section[data-litter="${LITTER}"]`);
      await card.getByRole('button', { name: 'Edit' }).first().click();
      const form = admin.page.getByRole('dialog', { name: `Edit ${LITTER}` });
      const box = form.getByLabel('Take applications ("Apply for this litter" on the site)');
      await box.setChecked(true);
      await assertNoViolations(admin.page, `the litter's form with "Take applications" (${width})`);
      await form.getByRole('button', { name: 'Save' }).click();
      await form.waitFor({ state: 'detached' });
      await card.getByText('Taking applications', { exact: false }).waitFor();
      await assertNoViolations(admin.page, `/admin/litters, taking applications (${width})`);

      const tag = Math.random().toString(36).slice(2, 7);
      const visitor = await suite.open(options);
      await visitor.page.goto(`${suite.server.url}/`);
      await waitForHydration(visitor.page);
      const link = visitor.page.locator('#puppies').getByRole('link', { name: 'Apply for this litter' });
      await link.waitFor();
      assert.equal(await link.count(), 1);
      const fits = await visitor.page.evaluate(
        () => document.documentElement.scrollWidth <= window.innerWidth,
      );
      assert.ok(fits, 'no sideways scrolling');
      await assertNoViolations(visitor.page, `/ with a born litter's "Apply for this litter" (${width})`);
      await link.click();
      await visitor.page.getByRole('heading', { level: 1, name: `Apply for ${LITTER}` }).waitFor();
      assert.equal(new URL(visitor.page.url()).pathname, '/apply/litter-1');
      await fillApplication(visitor.page, `Bea Born ${tag}`, `born-${tag}@example.com`);
      await visitor.page.getByRole('button', { name: 'Send application' }).click();
      await visitor.page.getByText(`Your application for ${LITTER} was sent.`).waitFor();
      await assertNoViolations(visitor.page, `the application sent (${width})`);
      assert.deepEqual(admin.problems, []);
      assert.deepEqual(visitor.problems, []);
    });
  }
});
