/**
 * The next litter's waitlist in Chromium, at phone (390 x 844) and desktop widths, against the
 * built server: the breeder shows "Next litter" at /admin/litters, `/` shows "Our Next Litter",
 * two families tap "Join the Waitlist" (the form opens with "Waitlist: Next litter" selected) and
 * send, and the dashboard's Waitlist lists them in order with their places; Move up reorders.
 * With scripts off the button is a link to the form, where the choice can be picked and sent.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { signIn as apiSignIn } from '../helpers/admin';
import {
  ADMIN,
  assertNoViolations,
  type BrowserContextOptions,
  browserSuite,
  field,
  fill,
  gotoHydrated,
  PASSWORD,
  submitButton,
  thanksHeading,
  toastText,
  typed,
  viewports,
  waitForHydration,
  waitUntilScrolledTo,
} from './helpers';

// Since issue 27 the block is the first planned litter, "Next litter", and its choice is named after it.
const CHOICE = 'Waitlist: Next litter';

describe('the next litter and its waitlist in a browser', () => {
  const suite = browserSuite({ admin: true, env: { INQUIRY_RATE_LIMIT: 'off' } });

  /**
   * A hidden next litter, through the API: "Next litter", a planned litter made by the first
   * save with anything in it (issue 27), then edited at /admin/litters.
   */
  async function hideNextLitter() {
    const cookie = await apiSignIn(suite.server.url, ADMIN, PASSWORD);
    const res = await fetch(`${suite.server.url}/api/next-litter`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({ shown: false, expected: '', parents: '', description: 'More news soon.' }),
    });
    assert.equal(res.status, 200);
  }

  async function joinAsFamily(options: BrowserContextOptions, name: string) {
    const { page, problems } = await suite.open(options);
    await gotoHydrated(page, `${suite.server.url}/`);
    const section = page.getByRole('region', { name: 'Our Next Litter' });
    await section.getByRole('link', { name: 'Join the Waitlist' }).click();
    await waitUntilScrolledTo(page, 'contact');
    assert.equal(await field(page, 'puppy').inputValue(), CHOICE);
    await fill(page, typed(name.replaceAll(' ', '-').toLowerCase(), { name }));
    await submitButton(page).click();
    await thanksHeading(page).waitFor();
    assert.deepEqual(problems, []);
    return page;
  }

  for (const [width, options] of Object.entries(viewports)) {
    test(`${width}: shown from /admin/litters, joined from /, listed in order in the Waitlist`, async () => {
      await hideNextLitter();
      const breeder = await suite.openSignedIn(options);
      // Since issue 27 the next litter is a planned litter, shown or not from /admin/litters.
      await gotoHydrated(breeder.page, `${suite.server.url}/admin/litters`);
      const card = breeder.page.getByRole('region', { name: 'Next litter', exact: true });
      await card.getByRole('button', { name: 'Edit' }).click();
      const form = breeder.page.getByRole('dialog', { name: 'Edit Next litter' });
      await form
        .getByRole('checkbox', { name: 'Show this litter in "Our Next Litter" on the site' })
        .waitFor();
      await assertNoViolations(breeder.page, `the next litter's form (${width})`);

      // A date that is neither a month nor a day is refused beside its field; nothing is saved.
      await form.getByRole('checkbox', { name: 'Show this litter in "Our Next Litter" on the site' }).check();
      const expected = form.getByLabel('Expected (optional)');
      await expected.fill('next spring');
      await form.getByRole('button', { name: 'Save' }).click();
      await form.getByText('Enter a month like 2027-03 or a day like 2027-03-14').waitFor();
      assert.equal(await expected.getAttribute('aria-invalid'), 'true');
      await assertNoViolations(breeder.page, `the next litter's form with an error (${width})`);

      await expected.fill('2027-03');
      await form.getByLabel('Mother', { exact: true }).fill('Daisy');
      await form.getByLabel('Father', { exact: true }).fill('Toby');
      await form
        .getByLabel('Description (optional)')
        .fill('Cream and apricot puppies, <b>F1B</b>.\n\nThey go home at 8 weeks.');
      await form.getByRole('button', { name: 'Save' }).click();
      assert.equal((await toastText(breeder.page, 'status')).title, 'Saved');

      // The public page shows it, her words as text, between the sold puppies and Why Choose.
      const visitor = await suite.open(options);
      await gotoHydrated(visitor.page, `${suite.server.url}/`);
      const section = visitor.page.getByRole('region', { name: 'Our Next Litter' });
      await section.waitFor();
      assert.match((await section.textContent()) ?? '', /Expected\s*March 2027/);
      assert.match((await section.textContent()) ?? '', /Parents\s*Daisy × Toby/);
      assert.deepEqual(await section.locator('p').allTextContents(), [
        'Cream and apricot puppies, <b>F1B</b>.',
        'They go home at 8 weeks.',
      ]);
      const fits = await visitor.page.evaluate(
        () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
      );
      assert.ok(fits, 'the page is no wider than the screen');
      await section.scrollIntoViewIfNeeded();
      await assertNoViolations(visitor.page, `/ with Our Next Litter (${width})`);
      assert.deepEqual(visitor.problems, []);

      // Two families join; the dashboard lists them in order.
      const tag = Math.random().toString(36).slice(2, 6);
      const families = [`First ${width} ${tag}`, `Second ${width} ${tag}`] as const;
      for (const family of families) await joinAsFamily(options, family);

      await gotoHydrated(breeder.page, `${suite.server.url}/admin`);
      const list = breeder.page.getByRole('region', { name: 'Waitlist' }).getByTestId('waitlist');
      await list.locator(`li[data-family="${families[1]}"]`).waitFor();
      const order = () =>
        list.locator('li').evaluateAll((items) => items.map((item) => item.getAttribute('data-family')));
      const placeOf = async (family: string) =>
        Number(
          ((await list.locator(`li[data-family="${family}"]`).textContent()) ?? '').match(/^(\d+)\./)?.[1],
        );
      const before = await order();
      assert.equal(before.indexOf(families[1]), before.indexOf(families[0]) + 1, 'first come, first served');
      assert.equal(await placeOf(families[0]), before.indexOf(families[0]) + 1);
      assert.equal(await placeOf(families[1]), (await placeOf(families[0])) + 1);
      await list.locator(`li[data-family="${families[1]}"]`).getByRole('button', { name: 'Move up' }).click();
      await breeder.page.waitForFunction(([first, second]) => {
        const names = [...document.querySelectorAll('[data-testid="waitlist"] li')].map((item) =>
          item.getAttribute('data-family'),
        );
        return names.indexOf(second as string) + 1 === names.indexOf(first as string);
      }, families);
      assert.equal(await placeOf(families[1]), before.indexOf(families[0]) + 1, 'took the first place');
      await breeder.page.reload();
      await waitForHydration(breeder.page);
      await list.locator(`li[data-family="${families[0]}"]`).waitFor();
      const after = await order();
      assert.equal(after.indexOf(families[0]), after.indexOf(families[1]) + 1, 'the new order is stored');
      assert.deepEqual(breeder.problems, []);
    });
  }

  test('scripts off: "Join the Waitlist" is a link to the form, where the choice can be picked and sent; hydration keeps the section', async () => {
    const cookie = await apiSignIn(suite.server.url, ADMIN, PASSWORD);
    const shown = await fetch(`${suite.server.url}/api/next-litter`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({ shown: true, expected: '2027-03-14', parents: '', description: '' }),
    });
    assert.equal(shown.status, 200);
    const { page } = await suite.open({ ...viewports.phone, javaScriptEnabled: false });
    await page.goto(`${suite.server.url}/`);
    const section = page.getByRole('region', { name: 'Our Next Litter' });
    assert.match((await section.textContent()) ?? '', /Expected\s*March 14, 2027/);
    const sent = await page.locator('#next-litter').evaluate((element) => element.outerHTML);

    // Rendered by the server only: hydration keeps exactly what was sent, with no console problem.
    const hydrated = await suite.open(viewports.phone);
    await gotoHydrated(hydrated.page, `${suite.server.url}/`);
    await hydrated.page.waitForLoadState('networkidle');
    assert.equal(await hydrated.page.locator('#next-litter').evaluate((element) => element.outerHTML), sent);
    assert.deepEqual(hydrated.problems, []);

    await section.getByRole('link', { name: 'Join the Waitlist' }).click();
    await page.waitForURL(/#contact$/);
    await fill(page, typed('no-scripts', { name: 'No Scripts Family' }), CHOICE);
    await submitButton(page).click();
    await thanksHeading(page).waitFor();
    const inbox = await fetch(`${suite.server.url}/api/waitlist`, { headers: { Cookie: cookie } });
    const names = ((await inbox.json()) as { families: { name: string }[] }).families.map((f) => f.name);
    assert.equal(names.at(-1), 'No Scripts Family');
  });
});
