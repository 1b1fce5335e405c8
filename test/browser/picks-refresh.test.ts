/**
 * Her pick-day screen refreshes by itself every 30 seconds (issue 29): she keeps /admin/litters
 * open while a family chooses on their own page, and "Chose {puppy}" appears without a reload,
 * at phone (390 x 844) and desktop widths. The page runs on Playwright's clock, installed before
 * it loads and never paused (a paused clock would also hold React's and the query's own
 * timers): a choice leaves her screen as it was while the clock runs normally, and moving the
 * clock 30 seconds on brings it. axe finds nothing on the refreshed state.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { bornLitter, familyLink, pick, waitingFamily } from '../helpers/picks';
import { puppyAdmin } from '../helpers/puppies';
import {
  assertNoViolations,
  type BrowserContextOptions,
  browserSuite,
  signIn,
  viewports,
  waitForHydration,
} from './helpers';

const REFRESH_MS = 30_000;

// A server per width: one litter's picks start once.
for (const [width, options] of Object.entries(viewports) as [string, BrowserContextOptions][]) {
  describe(`her pick list refreshes by itself (${width})`, () => {
    const suite = browserSuite({
      env: { INQUIRY_RATE_LIMIT: 'off', SPAM_FAST_SECONDS: '0', FAMILY_PAGE_RATE_LIMIT: '1000' },
    });

    test(`${width}: a family's choice appears on her open screen within 30 seconds`, async () => {
      const { url, dataDir } = suite.server;
      const admin = await puppyAdmin(url, dataDir);
      const litter = await bornLitter(admin);
      const puppy = (await admin.list()).find((item) => item.status === 'available');
      assert.ok(puppy);
      const ann = await waitingFamily(url, admin, litter.id, `Ann Refresh ${width}`);
      await waitingFamily(url, admin, litter.id, `Bea Refresh ${width}`);
      assert.equal(
        (await admin.send('POST', `/api/litters/${litter.id}/picks`, { windowHours: 48 })).status,
        200,
      );
      const annPage = await familyLink(url, admin, ann);

      const { page, context, problems } = await suite.open(options);
      await signIn(context, url);
      // Before any script of the page: the query's interval is then one of the fake clock's timers.
      await page.clock.install();
      await page.goto(`${url}/admin/litters`);
      await waitForHydration(page);
      const order = page.getByRole('list', { name: `Pick order for ${litter.name}` });
      const first = order.locator('li').first();
      await first.getByText('Choosing until').waitFor();

      // Ann chooses on her page (its form post); her screen is not told.
      assert.equal((await pick(annPage, { puppy: puppy.id })).status, 303);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      assert.match(await first.innerText(), /Choosing until/, 'nothing reloads it before the interval');

      // The interval comes round: her screen fetches the picks again by itself.
      await page.clock.fastForward(REFRESH_MS);
      await first.getByText(`Chose ${puppy.name}`).waitFor({ timeout: 10_000 });
      await order.locator('li').nth(1).getByText('Choosing until').waitFor({ timeout: 10_000 });
      assert.match(page.url(), /\/admin\/litters$/, 'the same page, never reloaded');
      await assertNoViolations(page, `Pick day refreshed (${width})`);
      assert.deepEqual(problems, []);
    });
  });
}
