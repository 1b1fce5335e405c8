/**
 * Pick day in Chromium (issue 29), at phone (390 x 844) and desktop widths, each on a server of
 * its own: she starts picks on the born litter for three families; the first chooses a puppy on
 * their page, the second passes, the third lets the window run out under a moved server clock
 * (PICKS_CLOCK_FILE) and then tries to choose too late. The families' pages have no script (one
 * is opened with scripts off). axe finds nothing on every new state, hers and theirs.
 */
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { bornLitter, familyLink, moveClock, picksOf, statesOf, waitingFamily } from '../helpers/picks';
import { puppyAdmin } from '../helpers/puppies';
import {
  assertNoViolations,
  type BrowserContextOptions,
  browserSuite,
  signIn,
  viewports,
  waitForHydration,
} from './helpers';

for (const [width, options] of Object.entries(viewports) as [string, BrowserContextOptions][]) {
  describe(`pick day in a browser (${width})`, () => {
    const clock = path.join(tmpdir(), `picks-clock-${width}-${process.pid}-${Date.now()}`);
    after(() => rm(clock, { force: true }));
    const suite = browserSuite({
      env: {
        INQUIRY_RATE_LIMIT: 'off',
        SPAM_FAST_SECONDS: '0',
        PICKS_CLOCK_FILE: clock,
        TZ: 'America/Phoenix',
      },
    });

    test(`${width}: one chooses, one passes, one lets the window run out; her view follows`, async () => {
      const { url, dataDir } = suite.server;
      const admin = await puppyAdmin(url, dataDir);
      const litter = await bornLitter(admin);
      const puppy = (await admin.list()).find((item) => item.status === 'available');
      assert.ok(puppy);
      const hostile = 'Cal <img src=x onerror=alert(1)> Third';
      const ann = await waitingFamily(url, admin, litter.id, 'Ann First');
      const bea = await waitingFamily(url, admin, litter.id, 'Bea Second');
      const cal = await waitingFamily(url, admin, litter.id, hostile);

      // Her screen: the born litter's "Pick day", before and after "Start picks".
      const { page, context, problems } = await suite.open(options);
      await signIn(context, url);
      await page.goto(`${url}/admin/litters`);
      await waitForHydration(page);
      const panel = page.locator(`[data-picks="${litter.name}"]`);
      await panel.getByRole('heading', { name: 'Pick day' }).waitFor();
      await assertNoViolations(page, `Pick day before the start (${width})`);
      await panel.getByLabel("Each family's window").selectOption('24');
      await panel.getByRole('button', { name: 'Start picks' }).click();
      await panel.getByText('Picks are on: each family has 24 hours.').waitFor();
      const order = panel.getByRole('list', { name: `Pick order for ${litter.name}` });
      const rows = async () =>
        (await order.locator('li').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
      const first = await rows();
      assert.equal(first.length, 3);
      assert.match(first[0] ?? '', /^Ann First Choosing until \w{3}, \w{3} \d+, \d+:\d\d [AP]M$/);
      assert.deepEqual(first.slice(1), ['Bea Second Waiting', `${hostile} Waiting`], 'names are text');
      await assertNoViolations(page, `Pick day running (${width})`);

      // Bea, while Ann chooses: her place.
      const beaLink = await familyLink(url, admin, bea);
      const beaView = await suite.open(options);
      await beaView.page.goto(beaLink);
      await beaView.page.getByRole('heading', { name: 'Pick day has started' }).waitFor();
      await beaView.page.getByText('You are next: we will email you when it is your turn.').waitFor();
      await assertNoViolations(beaView.page, `a family waiting its turn (${width})`);

      // Ann's turn (axe runs scripts, so on a page with them); she chooses with scripts off: the
      // puppy is reserved at once and her page shows it.
      const annLink = await familyLink(url, admin, ann);
      const annView = await suite.open(options);
      await annView.page.goto(annLink);
      await annView.page.getByRole('heading', { name: 'It is your turn to choose' }).waitFor();
      await assertNoViolations(annView.page, `a family's turn (${width})`);
      const annNoScripts = await suite.open({ ...options, javaScriptEnabled: false });
      await annNoScripts.page.goto(annLink);
      await annNoScripts.page.getByRole('button', { name: `Choose ${puppy.name}` }).click();
      await annNoScripts.page.getByRole('heading', { name: `Your puppy: ${puppy.name}` }).waitFor();
      assert.equal(await annNoScripts.page.locator('#pick-heading').count(), 0);

      // Bea's turn started by itself: she passes.
      await beaView.page.reload();
      await beaView.page.getByRole('heading', { name: 'It is your turn to choose' }).waitFor();
      assert.equal(
        await beaView.page.getByRole('button', { name: `Choose ${puppy.name}` }).count(),
        0,
        'a chosen puppy is no longer offered',
      );
      await beaView.page.getByRole('button', { name: 'Pass (keep my place for the next litter)' }).click();
      await beaView.page.getByText('You passed. Your place is kept for the next litter.').waitFor();
      await assertNoViolations(beaView.page, `a family that passed (${width})`);

      // Cal's turn: she pauses and resumes, gives more time, then the clock runs past it.
      const calView = await suite.open(options);
      const calLink = await familyLink(url, admin, cal);
      await calView.page.goto(calLink);
      await calView.page.getByRole('heading', { name: 'It is your turn to choose' }).waitFor();
      assert.equal(await calView.page.locator('h1').innerText(), `Welcome, ${hostile}`);
      const calChoices = calView.page.locator('.choice button');
      assert.ok((await calChoices.count()) > 0);
      await page.reload();
      await waitForHydration(page);
      await panel.getByRole('button', { name: 'Pause picks' }).click();
      await panel.getByText('Picks are paused.').waitFor();
      assert.equal((await rows())[2], `${hostile} Choosing (paused)`);
      await assertNoViolations(page, `Pick day paused (${width})`);
      await panel.getByRole('button', { name: 'Resume picks' }).click();
      await panel.getByText('Picks are on: each family has 24 hours.').waitFor();
      const before = (await picksOf(admin, litter.id)).round?.turns[2]?.until ?? '';
      await panel.getByRole('button', { name: 'Give more time' }).click();
      await waitUntil(
        async () => (await picksOf(admin, litter.id)).round?.turns[2]?.until !== before,
        'more time',
      );
      const more = (await picksOf(admin, litter.id)).round?.turns[2]?.until ?? '';
      assert.equal(Date.parse(more) - Date.parse(before), 24 * 3_600_000);

      await moveClock(clock, 49);
      await waitUntil(
        async () => statesOf(await picksOf(admin, litter.id)).join() === 'chose,passed,timed-out',
        'the window to run out',
      );
      // Cal's page was open from before: a choice now is refused with the reason, nothing reserved.
      await calChoices.first().click();
      await calView.page
        .getByRole('alert')
        .filter({ hasText: 'Your time to choose has run out. Your place is kept for the next litter.' })
        .waitFor();
      await assertNoViolations(calView.page, `a choice too late (${width})`);
      await calView.page.goto(calLink);
      await calView.page
        .getByText('Your time to choose ran out. Your place is kept for the next litter.')
        .waitFor();
      await assertNoViolations(calView.page, `a family whose time ran out (${width})`);

      await page.reload();
      await waitForHydration(page);
      await panel.getByText('Picks finished.').waitFor();
      assert.deepEqual(await rows(), [
        `Ann First Chose ${puppy.name}`,
        'Bea Second Passed',
        `${hostile} Time ran out`,
      ]);
      await assertNoViolations(page, `Pick day finished (${width})`);
      assert.deepEqual(problems, []);
      for (const view of [annView, beaView]) assert.deepEqual(view.problems, []);
    });
  });
}

async function waitUntil(check: () => Promise<boolean>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    assert.ok(Date.now() < deadline, `timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
