/**
 * The landing page's navigation in headless Chromium at a phone and a desktop viewport: the nav
 * links, the mobile menu, the footer links, the hash on load, and the page with scripts off.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  type BrowserContext,
  landingSuite,
  lastScroll,
  openPage,
  type Page,
  scrollTopNow,
  sectionTop,
  viewports,
  waitUntilScrolledTo,
} from './helpers';

const { suite, open, load } = landingSuite();

const navTargets = [
  ['About', 'about'],
  ['Meet the Puppies', 'puppies'],
  ['Why Choose Us', 'why-choose'],
  ['Inquire Now', 'contact'],
] as const;

for (const [name, viewport] of Object.entries(viewports)) {
  const phone = name === 'phone';

  describe(`the landing page navigation on a ${name}`, () => {
    let context: BrowserContext;
    let page: Page;
    let problems: string[];
    before(async () => {
      ({ context, page, problems } = await open(viewport));
      await load(page);
    });
    after(async () => {
      await context.close();
    });

    const menu = () => page.locator('#site-menu');
    const toggle = () => page.getByRole('button', { name: 'Toggle mobile menu' });

    test('each nav item smooth-scrolls to its section', async () => {
      assert.equal(await toggle().isVisible(), phone, 'the toggle shows on phones only');
      await scrollTopNow(page);
      for (const [label, id] of navTargets) {
        if (phone) {
          assert.equal(await menu().isVisible(), false, 'menu closed');
          assert.equal(await toggle().getAttribute('aria-expanded'), 'false');
          await toggle().click();
          assert.equal(await toggle().getAttribute('aria-expanded'), 'true');
          assert.equal(await menu().isVisible(), true, 'menu open');
        }
        await menu().getByRole('link', { name: label, exact: true }).click();
        await waitUntilScrolledTo(page, id);
        assert.deepEqual(await lastScroll(page), { id, behavior: 'smooth' });
        if (phone) {
          assert.equal(await toggle().getAttribute('aria-expanded'), 'false', `${label} closed the menu`);
          assert.equal(await menu().isVisible(), false);
        }
      }
    });

    if (phone) {
      test('the toggle shows and hides the four items as a vertical list; Escape closes it', async () => {
        await scrollTopNow(page);
        await toggle().click();
        const boxes = await Promise.all(
          navTargets.map(([label]) => menu().getByRole('link', { name: label, exact: true }).boundingBox()),
        );
        for (let i = 1; i < boxes.length; i++)
          assert.ok((boxes[i]?.y ?? 0) > (boxes[i - 1]?.y ?? 0), 'each item below the previous one');
        await toggle().click();
        assert.equal(await menu().isVisible(), false);
        await toggle().click();
        await page.keyboard.press('Escape');
        assert.equal(await menu().isVisible(), false);
        assert.equal(await toggle().getAttribute('aria-expanded'), 'false');
      });

      test('a nav item whose section is missing neither scrolls nor closes the menu', async () => {
        await scrollTopNow(page);
        await page.evaluate(() => document.getElementById('why-choose')?.removeAttribute('id'));
        await toggle().click();
        await menu().getByRole('link', { name: 'Why Choose Us' }).click();
        assert.equal(await toggle().getAttribute('aria-expanded'), 'true', 'menu stays open');
        assert.equal(await page.evaluate(() => window.scrollY), 0, 'no scroll');
        assert.equal(page.url(), `${suite.server.url}/`, 'no jump either');
        await load(page);
      });
    }

    test('footer quick links smooth-scroll to their sections', async () => {
      for (const [label, id] of [
        ['About', 'about'],
        ['Meet the Puppies', 'puppies'],
        ['Why Choose Us', 'why-choose'],
        ['Contact', 'contact'],
      ] as const) {
        await page.locator('footer nav').getByRole('link', { name: label }).click();
        await waitUntilScrolledTo(page, id);
        assert.deepEqual(await lastScroll(page), { id, behavior: 'smooth' });
      }
    });

    test('a hash in the address scrolls smoothly to that section on load', async () => {
      await load(page, '/#why-choose');
      await waitUntilScrolledTo(page, 'why-choose');
      assert.deepEqual(await lastScroll(page), { id: 'why-choose', behavior: 'smooth' });
      assert.ok((await sectionTop(page, 'why-choose')) < viewport.viewport.height / 2);
    });

    test('no console error or warning on the way', () => {
      assert.deepEqual(problems, []);
    });
  });
}

test('with scripts off the whole page reads and the nav and footer links still move to their sections', async () => {
  const { context, page } = await openPage(suite.browser, { ...viewports.phone, javaScriptEnabled: false });
  try {
    await page.goto(`${suite.server.url}/`);
    for (const heading of await page.locator('h1, h2, h3').all())
      assert.equal(await heading.isVisible(), true, `${await heading.textContent()} is visible`);
    assert.equal(await page.getByRole('button', { name: 'Toggle mobile menu' }).isVisible(), false);
    assert.equal(
      await page.getByRole('button', { name: 'Next slide' }).isVisible(),
      false,
      'inert controls hidden',
    );
    const menu = page.locator('#site-menu');
    assert.equal(await menu.isVisible(), true, 'the nav list is shown without the toggle');

    await menu.getByRole('link', { name: 'Why Choose Us' }).click();
    await page.waitForURL(/#why-choose$/);
    await waitUntilScrolledTo(page, 'why-choose');
    await page.locator('footer nav').getByRole('link', { name: 'About' }).click();
    await page.waitForURL(/#about$/);
    await waitUntilScrolledTo(page, 'about');
    await page.getByRole('link', { name: 'Inquire About Daisy' }).click();
    await page.waitForURL(/#contact$/);
    await waitUntilScrolledTo(page, 'contact');
  } finally {
    await context.close();
  }
});
