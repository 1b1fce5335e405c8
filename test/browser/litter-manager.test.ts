/**
 * The breeder's litter manager in a real Chromium, at phone and desktop widths: add a puppy with
 * two photos, edit, reorder, mark sold, remove; after each step what a visitor sees on `/` (cards,
 * dropdown, lightbox, JSON-LD, the about badge's count) and an inquiry naming the puppy (accepted, then refused once sold).
 * axe finds no WCAG violation on the litters screen and its dialogs. Since issue 27 the puppies are
 * managed inside their litter at /admin/litters (a fresh install's one litter, "February 2025
 * litter", id litter-1); /admin/puppies is redirected there.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { APIResponse, Locator } from 'playwright-core';
import type { PuppyList } from '../../src/features/puppies/puppies';
import { fixtureDir, phoneJpeg, pngPhoto, textAsJpeg } from '../fixtures/photos';
import { inquireAbout, newPuppy } from '../helpers/puppies';
import { assertNoViolations, browserSuite, gotoHydrated, type Page, viewports } from './helpers';

/** Chromium logs a refused upload's 4xx as a console error: the test asked for it. */
const unexpected = (problems: string[]) => problems.filter((p) => !/status of 4(13|15|22)/.test(p));

/** The fresh install's litter's lists (their headings label them). */
const AVAILABLE = 'litter-litter-1-available';
const SOLD = 'litter-litter-1-sold';

describe('the litter manager in a browser', () => {
  const suite = browserSuite({ admin: true, env: { INQUIRY_RATE_LIMIT: 'off' } });
  const files: Record<'phone' | 'png' | 'text', string> = { phone: '', png: '', text: '' };

  before(async () => {
    const dir = await fixtureDir();
    files.phone = await phoneJpeg(dir);
    files.png = await pngPhoto(dir);
    files.text = await textAsJpeg(dir);
  });

  /** A signed-in admin's page and, in the same browser context, a visitor's tab. */
  async function adminPage(options: (typeof viewports)[keyof typeof viewports]) {
    const opened = await suite.openSignedIn(options);
    return { ...opened, site: await opened.context.newPage() };
  }

  /** What a visitor sees on `/` in a fresh tab. */
  async function visitor(page: Page) {
    await gotoHydrated(page, `${suite.server.url}/`);
    const titles = (section: string) => page.locator(`#${section} article h3`).allTextContents();
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    return {
      available: await titles('puppies'),
      sold: await titles('sold-puppies'),
      options: await page.locator('select[name="puppy"] option').allTextContents(),
      offers: (ld.makesOffer as { itemOffered: { name: string } }[]).map((o) => o.itemOffered.name),
      badge: await page
        .locator('#about p')
        .filter({ hasText: /Available!$/ })
        .allTextContents(),
    };
  }

  /** The about badge counts the puppies offered by itself once she changes them (issue 19). */
  const badgeOf = (seen: { available: string[] }) => [`Only ${seen.available.length} Puppies Available!`];

  const row = (page: Page, name: string): Locator => page.locator(`li[data-puppy="${name}"]`);

  /** Runs `action` and waits for a new "Saved" toast (an earlier one may still be showing). */
  async function saved(page: Page, action: () => Promise<unknown>) {
    await page.evaluate(() => document.querySelector('[data-testid="toast"]')?.setAttribute('data-seen', ''));
    await action();
    await page
      .locator('[data-testid="toast"]:not([data-seen])')
      .getByText('Saved', { exact: true })
      .waitFor();
  }

  for (const [width, options] of Object.entries(viewports)) {
    const name = width === 'phone' ? 'Rosie' : 'Willow';

    test(`${width}: add with two photos, edit, reorder, mark sold, remove — the visitor sees each`, async () => {
      const { page, site, problems } = await adminPage(options);
      const url = suite.server.url;

      await page.goto(`${url}/admin`);
      await page.getByRole('link', { name: 'Litters', exact: true }).click();
      await page.getByRole('heading', { name: 'Litters', level: 1 }).waitFor();
      assert.equal(new URL(page.url()).pathname, '/admin/litters');

      // Add: a refused file says why; two photos upload with progress; alt text is required.
      await page.getByRole('button', { name: 'Add puppy' }).click();
      const form = page.getByRole('dialog', { name: 'Add puppy' });
      await form.getByLabel('Name', { exact: true }).fill(name);
      await form.getByLabel('Title', { exact: true }).fill(`${name} – The Sweetheart`);
      await form.getByLabel('Description', { exact: true }).fill(`${name} loves naps in the sun.`);
      await form.getByLabel('Coat', { exact: true }).fill('Wavy Coat');
      await form.getByLabel('Color', { exact: true }).fill('Cream');
      await form.getByLabel('Personality', { exact: true }).fill('Gentle');
      await form.getByLabel('Add photos').setInputFiles(files.text);
      await form.getByText('daisy.jpg: This file is not a photo we can read.', { exact: false }).waitFor();
      await form.getByLabel('Add photos').setInputFiles([files.phone, files.png]);
      await form.getByText(/Processing IMG_0042\.JPG/).waitFor();
      await form.getByText('Photo 2', { exact: true }).waitFor({ timeout: 20_000 });
      await form.getByRole('button', { name: 'Save' }).click();
      await form.getByText('Describe this photo for visitors who cannot see it').first().waitFor();
      await form.getByLabel('Alt text (photo 1)').fill(`${name} on the porch`);
      await form.getByLabel('Alt text (photo 2)').fill(`${name} on a blanket`);
      if (width === 'desktop') await assertNoViolations(page, 'the puppy form');
      await saved(page, () => form.getByRole('button', { name: 'Save' }).click());
      await row(page, name).waitFor();

      let seen = await visitor(site);
      assert.equal(seen.available.at(-1), `${name} – The Sweetheart`);
      assert.equal(seen.options.at(-1), name);
      assert.ok(seen.offers.some((offer) => offer.startsWith(name)));
      assert.deepEqual(seen.badge, badgeOf(seen));
      const card = site.locator('#puppies article').last();
      await card.getByText('2 photos').waitFor();
      await card.getByRole('button', { name: `Enlarge photo of ${name}` }).click();
      const lightbox = site.getByRole('dialog', { name: `${name} Photo` });
      await lightbox.getByText('1 / 2 Photos').waitFor();
      await lightbox.getByRole('button', { name: 'Next photo' }).click();
      await lightbox.getByText('2 / 2 Photos').waitFor();
      assert.equal(await lightbox.locator('img').getAttribute('alt'), `${name} on a blanket`);
      await lightbox.getByRole('button', { name: 'Close' }).click();
      // The inquiry form: the puppy's inquire button selects her, and the inquiry is accepted.
      await card.getByRole('link', { name: `Inquire About ${name}` }).click();
      assert.equal(await site.locator('select[name="puppy"]').inputValue(), name);
      await site.getByLabel('Your Name').fill('Visiting Family');
      await site.getByLabel('Email Address').fill('family@example.com');
      await site.getByLabel('Your Message').fill(`We would love to meet ${name} this weekend.`);
      await site.getByRole('button', { name: 'Send Inquiry' }).click();
      await site.getByRole('heading', { name: 'Thank You!' }).waitFor();

      // Edit the title.
      await row(page, name).getByRole('button', { name: 'Edit' }).click();
      const edit = page.getByRole('dialog', { name: `Edit ${name}` });
      await edit.getByLabel('Title', { exact: true }).fill(`${name} – The Snuggler`);
      await saved(page, () => edit.getByRole('button', { name: 'Save' }).click());
      assert.equal((await visitor(site)).available.at(-1), `${name} – The Snuggler`);

      // Move up one place.
      await saved(page, () => row(page, name).getByRole('button', { name: 'Move up' }).click());
      seen = await visitor(site);
      assert.equal(seen.available.at(-2), `${name} – The Snuggler`);

      // Mark as sold, with the prefilled note.
      await row(page, name).getByRole('button', { name: 'Mark as sold' }).click();
      const sell = page.getByRole('dialog', { name: `Mark ${name} as sold` });
      assert.match(await sell.getByLabel('Note to the new family').inputValue(), /^Congratulations/);
      if (width === 'desktop') await assertNoViolations(page, 'the mark-as-sold dialog');
      await saved(page, () => sell.getByRole('button', { name: 'Mark as sold' }).click());
      const soldList = page.getByRole('region', { name: 'Went home' });
      assert.equal(await soldList.locator('li').first().getAttribute('data-puppy'), name);
      seen = await visitor(site);
      assert.equal(seen.sold[0], `${name} – Sold!`);
      assert.deepEqual(seen.badge, badgeOf(seen), 'the sold puppy left the count');
      assert.ok(!seen.options.includes(name));
      assert.ok(!seen.offers.some((offer) => offer.startsWith(name)));
      assert.equal((await inquireAbout(url, name)).status, 400);

      // Remove.
      await row(page, name).getByRole('button', { name: 'Remove' }).click();
      const remove = page.getByRole('dialog', { name: `Remove ${name}?` });
      if (width === 'desktop') await assertNoViolations(page, 'the remove dialog');
      await saved(page, () => remove.getByRole('button', { name: 'Remove' }).click());
      await row(page, name).waitFor({ state: 'detached' });
      seen = await visitor(site);
      assert.ok(!seen.sold.includes(`${name} – Sold!`));
      if (width === 'desktop') await assertNoViolations(page, '/admin/litters');
      assert.deepEqual(unexpected(problems), []);
    });
  }

  test('keyboard: focus stays with the puppy after a move, a sale and a removal', async () => {
    const { page, context } = await adminPage(viewports.desktop);
    // Three or more available puppies, so that a move can land in the middle and at either end.
    const api = `${suite.server.url}/api/puppies`;
    const listed = (await (await context.request.get(api)).json()) as PuppyList;
    const photo = listed.puppies[0]?.photos[0];
    assert.ok(photo);
    for (const name of ['Juniper', 'Pebble']) {
      const created: APIResponse = await context.request.post(api, { data: newPuppy(name, photo) });
      assert.equal(created.status(), 201);
    }
    await gotoHydrated(page, `${suite.server.url}/admin/litters`);
    const available = page.getByRole('region', { name: 'Available', exact: true });
    await available.locator('li').first().waitFor();
    /** The focused element: its text, and the puppy row and list it is in. */
    const focused = () =>
      page.evaluate(() => {
        const active = document.activeElement as HTMLElement | null;
        const section = active?.closest('section')?.getAttribute('aria-labelledby');
        return { text: active?.textContent?.trim(), puppy: active?.closest('li')?.dataset.puppy, section };
      });
    const press = async (name: string, button: string) => {
      await row(page, name).getByRole('button', { name: button }).focus();
      await saved(page, () => page.keyboard.press('Enter'));
    };
    const order = () => available.locator('li').evaluateAll((rows) => rows.map((r) => r.dataset.puppy ?? ''));
    const [first = ''] = await order();
    assert.ok((await order()).length >= 3);

    await press(first, 'Move down');
    assert.equal((await order())[1], first);
    assert.deepEqual(await focused(), { text: 'Move down', puppy: first, section: AVAILABLE });
    // At the bottom "Move down" is disabled: focus goes to the same puppy's "Move up".
    const moved = (await order()).at(-2) ?? '';
    await press(moved, 'Move down');
    assert.equal((await order()).at(-1), moved);
    assert.deepEqual(await focused(), { text: 'Move up', puppy: moved, section: AVAILABLE });

    // Sold: the row moves to the sold list, and so does focus (to its Edit button).
    await row(page, moved).getByRole('button', { name: 'Mark as sold' }).focus();
    await page.keyboard.press('Enter');
    const sell = page.getByRole('dialog', { name: `Mark ${moved} as sold` });
    await saved(page, () => sell.getByRole('button', { name: 'Mark as sold' }).press('Enter'));
    await page.getByRole('region', { name: 'Went home' }).locator(`li[data-puppy="${moved}"]`).waitFor();
    assert.deepEqual(await focused(), { text: 'Edit', puppy: moved, section: SOLD });

    // Cancel puts focus back on the button that opened the dialog; a removal on the list's heading.
    await row(page, moved).getByRole('button', { name: 'Remove' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    assert.deepEqual(await focused(), { text: 'Remove', puppy: moved, section: SOLD });
    await page.keyboard.press('Enter');
    const remove = page.getByRole('dialog', { name: `Remove ${moved}?` });
    await saved(page, () => remove.getByRole('button', { name: 'Remove' }).press('Enter'));
    await row(page, moved).waitFor({ state: 'detached' });
    assert.deepEqual(await focused(), { text: 'Went home', puppy: undefined, section: SOLD });
  });

  test('a session that ends while the page is open: the next change leads to the login page', async () => {
    const { page, context } = await adminPage(viewports.phone);
    await gotoHydrated(page, `${suite.server.url}/admin/litters`);
    const first = page.getByRole('region', { name: 'Available', exact: true }).locator('li').first();
    await first.waitFor();
    // The page's own first fetches ended (a query that mounts late, such as pick day's, would
    // otherwise meet the signed-out session by itself and lead to the login page before the change).
    await page.waitForLoadState('networkidle');
    // Signed out elsewhere (the same session): the page still shows the list.
    assert.equal((await context.request.post(`${suite.server.url}/api/logout`)).status(), 200);
    await first.getByRole('button', { name: 'Move down' }).click();
    await page.waitForURL(`${suite.server.url}/admin/login`);
  });

  test('a signed-out visitor of /admin/puppies (now the litters) is sent to the login page', async () => {
    const { page } = await suite.open(viewports.phone);
    await page.goto(`${suite.server.url}/admin/puppies`);
    assert.equal(new URL(page.url()).pathname, '/admin/login');
  });
});
