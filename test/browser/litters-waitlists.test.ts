/**
 * Waitlists per litter in Chromium, at phone (390 x 844) and desktop widths, against the built
 * server (issue 27): a family joins a planned litter's waitlist from `/` with scripts off (the
 * "Join the Waitlist" link leads to the form, where that litter's choice is picked and sent), a
 * family set "On waitlist" by hand waits for "Any litter", and the dashboard's "Waitlist" shows
 * one list per litter with "Move up" / "Move down" within it and "Move to another litter", which
 * keeps the date the family joined. axe finds no WCAG violation in each new state.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { LitterList } from '../../src/features/litters/litters';
import type { Waitlist } from '../../src/shared/sales';
import { postInquiry, uniqueInquiry } from '../helpers/inquiries';
import {
  assertNoViolations,
  browserSuite,
  fill,
  type Page,
  submitButton,
  thanksHeading,
  typed,
  viewports,
  waitForHydration,
} from './helpers';

describe('waitlists per litter in a browser', () => {
  const suite = browserSuite({ admin: true, env: { INQUIRY_RATE_LIMIT: 'off' } });

  for (const [width, options] of Object.entries(viewports)) {
    test(`${width}: joined with scripts off, any litter, moved up and down, moved to another litter`, async () => {
      const breeder = await suite.openSignedIn(options);
      const api = breeder.context.request;
      const url = suite.server.url;
      const [luna, rosie] = [`Luna × Bentley ${width}`, `Rosie × Max ${width}`];
      for (const [name, expected] of [
        [luna, '2027-03'],
        [rosie, '2027-06'],
      ] as const) {
        const created = await api.post(`${url}/api/litters`, {
          data: {
            name,
            mother: 'Luna',
            father: 'Bentley',
            status: 'planned',
            expected,
            description: '',
            shown: true,
          },
        });
        assert.equal(created.status(), 201);
      }
      const tag = Math.random().toString(36).slice(2, 6);

      // One family joins Luna's waitlist from `/` with scripts off: the link leads to the form.
      const noScripts = await suite.open({ ...options, javaScriptEnabled: false });
      await noScripts.page.goto(`${url}/`);
      const card = noScripts.page.getByRole('region', { name: 'Our Next Litter' }).locator('article', {
        has: noScripts.page.getByRole('heading', { name: luna }),
      });
      const join = card.getByRole('link', { name: 'Join the Waitlist' });
      assert.equal(await join.getAttribute('href'), '#contact');
      await join.click();
      const first = `First ${width} ${tag}`;
      await fill(noScripts.page, typed(`first-${width}-${tag}`, { name: first }), `Waitlist: ${luna}`);
      await Promise.all([noScripts.page.waitForURL(/inquiry=sent/), submitButton(noScripts.page).click()]);
      assert.equal(await thanksHeading(noScripts.page).isVisible(), true);
      assert.deepEqual(noScripts.problems, []);

      // With scripts on, the same link selects the litter's choice itself (axe runs with scripts on:
      // it cannot inject itself into a page without them).
      const scripted = await suite.open(options);
      await scripted.page.goto(`${url}/`);
      await waitForHydration(scripted.page);
      await scripted.page
        .getByRole('region', { name: 'Our Next Litter' })
        .locator('article', { has: scripted.page.getByRole('heading', { name: luna }) })
        .getByRole('link', { name: 'Join the Waitlist' })
        .click();
      await scripted.page.waitForFunction(
        ([choice]) =>
          (document.querySelector('#contact-puppy') as HTMLSelectElement | null)?.value === choice,
        [`Waitlist: ${luna}`],
      );
      await assertNoViolations(scripted.page, `the form with a litter's waitlist chosen (${width})`);
      assert.deepEqual(scripted.problems, []);

      // A second family joins Luna's through the API as the form sends it; a third is set "On
      // waitlist" by hand: it waits for "Any litter".
      const second = `Second ${width} ${tag}`;
      const joined = await postInquiry(url, {
        ...uniqueInquiry(`second-${tag}`),
        name: second,
        puppy: `Waitlist: ${luna}`,
      });
      assert.equal(joined.status, 201);
      const anyName = `Any ${width} ${tag}`;
      const anyId = (
        (await (await postInquiry(url, { ...uniqueInquiry(`any-${tag}`), name: anyName })).json()) as {
          id: string;
        }
      ).id;
      assert.equal(
        (await api.post(`${url}/api/inquiries/${anyId}/status`, { data: { status: 'waitlist' } })).status(),
        200,
      );

      const { page } = breeder;
      await page.goto(`${url}/admin`);
      await waitForHydration(page);
      const waitlist = page.getByRole('region', { name: 'Waitlist', exact: true });
      const line = (name: string) => waitlist.getByRole('region', { name, exact: true });
      const order = (name: string) =>
        line(name)
          .locator('li')
          .evaluateAll((items) => items.map((item) => item.getAttribute('data-family')));
      const row = (name: string) => waitlist.locator(`li[data-family="${name}"]`);
      await line(luna).locator(`li[data-family="${second}"]`).waitFor();
      await row(anyName).waitFor();
      assert.ok((await line('Any litter').locator('li').count()) >= 1);
      assert.deepEqual((await order(luna)).slice(-2), [first, second], 'first come, first served');
      const placeOf = async (name: string) => ((await row(name).textContent()) ?? '').match(/^(\d+)\./)?.[1];
      assert.equal(await placeOf(first), '1', 'places are counted per litter');
      assert.equal(await placeOf(second), '2');
      await assertNoViolations(page, `the waitlist per litter (${width})`);

      // Move up: the second family takes the first place of Luna's line, stored.
      await row(second).getByRole('button', { name: 'Move up' }).click();
      await page.waitForFunction(
        ([name]) => document.querySelector(`li[data-family="${name}"]`)?.textContent?.startsWith('1.'),
        [second],
      );
      assert.deepEqual(await order(luna), [second, first]);
      assert.equal(await row(second).getByRole('button', { name: 'Move up' }).isDisabled(), true);
      // Move down: back again.
      await row(second).getByRole('button', { name: 'Move down' }).click();
      await page.waitForFunction(
        ([name]) => document.querySelector(`li[data-family="${name}"]`)?.textContent?.startsWith('2.'),
        [second],
      );
      assert.deepEqual(await order(luna), [first, second]);

      // Move to another litter: the first family now waits for Rosie's, joined the same day.
      const joinedText = async (name: string) =>
        ((await row(name).textContent()) ?? '').match(/Joined [A-Z][a-z]{2} \d+, \d{4}/)?.[0];
      const joinedBefore = await joinedText(first);
      assert.ok(joinedBefore);
      const lists = async () => ((await (await api.get(`${url}/api/waitlist`)).json()) as Waitlist).families;
      const joinedAtBefore = (await lists()).find((family) => family.name === first)?.joinedAt;
      await row(first).getByRole('combobox').selectOption({ label: rosie });
      await line(rosie).locator(`li[data-family="${first}"]`).waitFor();
      assert.equal(await joinedText(first), joinedBefore, 'the joined date is kept');
      const moved = (await lists()).find((family) => family.name === first);
      assert.equal(moved?.litterName, rosie);
      assert.equal(moved?.joinedAt, joinedAtBefore);
      assert.equal(await placeOf(first), '1');
      assert.equal(await placeOf(second), '1', "now first of Luna's line");
      const litters = ((await (await api.get(`${url}/api/litters`)).json()) as LitterList).litters;
      assert.equal(litters.find((litter) => litter.name === rosie)?.waitlist.length, 1);
      await assertNoViolations(page, `a family moved to another litter (${width})`);
      await fitsTheScreen(page);
      assert.deepEqual(breeder.problems, []);
    });
  }
});

async function fitsTheScreen(page: Page) {
  const fits = await page.evaluate(
    () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
  );
  assert.ok(fits, 'the dashboard is no wider than the screen');
}
