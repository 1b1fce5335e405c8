/**
 * The inquire actions in headless Chromium at a phone and a desktop viewport: each selects its
 * puppy (or no preference) in the form's dropdown and smooth-scrolls to the form.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Locator } from 'playwright-core';
import { NO_PREFERENCE } from '../../src/features/inquiries/inquiry-fields';
import {
  type BrowserContext,
  landingSuite,
  lastScroll,
  type Page,
  sectionTop,
  viewports,
  waitUntilScrolledTo,
} from './helpers';

const { open, load } = landingSuite();

for (const [name, viewport] of Object.entries(viewports)) {
  describe(`the inquire actions on a ${name}`, () => {
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

    test('every inquire action preselects the dropdown and scrolls to the form', async () => {
      const select = page.locator('#contact-puppy');
      const cases: [string, Locator, string][] = [
        [
          'hero Inquire Now',
          page.locator('section[aria-labelledby="hero-headline"]').getByRole('link', { name: 'Inquire Now' }),
          NO_PREFERENCE,
        ],
        ['deal button', page.getByRole('link', { name: 'Claim This Special Offer Now!' }), NO_PREFERENCE],
        ['Daisy card', page.getByRole('link', { name: 'Inquire About Daisy' }), 'Daisy'],
        ['Luna card', page.getByRole('link', { name: 'Inquire About Luna' }), 'Luna'],
        [
          'limited availability',
          page.locator('#puppies aside').getByRole('link', { name: 'Inquire Now' }),
          NO_PREFERENCE,
        ],
      ];
      for (const [label, action, expected] of cases) {
        // Start from a different choice, so the action has to change it.
        await select.selectOption(expected === NO_PREFERENCE ? 'Luna' : NO_PREFERENCE);
        await action.scrollIntoViewIfNeeded();
        assert.ok(
          (await sectionTop(page, 'contact')) > viewport.viewport.height,
          `${label}: form out of view`,
        );
        await action.click();
        await waitUntilScrolledTo(page, 'contact');
        assert.equal(await select.inputValue(), expected, label);
        assert.deepEqual(await lastScroll(page), { id: 'contact', behavior: 'smooth' }, label);
      }
      assert.equal(
        await page.evaluate(() => document.activeElement?.id),
        'contact',
        'keyboard focus moved to the form section',
      );
    });

    test('no console error or warning on the way', () => {
      assert.deepEqual(problems, []);
    });
  });
}

/** Enough tries to catch a failure that shows about one time in three or four. */
const TRIES = 12;

for (const [name, viewport] of Object.entries(viewports)) {
  test(`on a ${name}, a second inquire action right after the first still ends at the form (${TRIES} tries)`, async () => {
    const { context, page, problems } = await open(viewport);
    try {
      await load(page);
      const daisy = page.getByRole('link', { name: 'Inquire About Daisy' });
      const deal = page.getByRole('link', { name: 'Claim This Special Offer Now!' });
      const select = page.locator('#contact-puppy');
      const failures: string[] = [];
      for (let i = 0; i < TRIES; i++) {
        await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
        await daisy.scrollIntoViewIfNeeded();
        await daisy.click();
        await page.waitForTimeout(30 + (i % 4) * 20);
        // Playwright brings the deal button into view at once, cutting the first smooth scroll short,
        // as a visitor's own swipe back up would.
        await deal.click();
        const arrived = await waitUntilScrolledTo(page, 'contact', 3_000).then(
          () => true,
          () => false,
        );
        if (!arrived) failures.push(`try ${i + 1}: stayed at y=${await page.evaluate(() => window.scrollY)}`);
        const value = await select.inputValue();
        if (value !== NO_PREFERENCE) failures.push(`try ${i + 1}: the dropdown shows ${value}`);
      }
      assert.deepEqual(failures, []);
      assert.equal(await page.evaluate(() => document.activeElement?.id), 'contact');
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
}

test('a visitor who takes over during the glide keeps the page where they took it', async () => {
  const { context, page, problems } = await open(viewports.desktop);
  try {
    await load(page);
    const daisy = page.getByRole('link', { name: 'Inquire About Daisy' });
    await daisy.scrollIntoViewIfNeeded();
    await daisy.click();
    // Home takes over from the smooth scroll, as a visitor changing their mind would. (Chromium
    // lets its own smooth scroll run on through a synthetic wheel, so the key stands in for it.)
    await page.keyboard.press('Home');
    let y = -1;
    for (let now = await page.evaluate(() => window.scrollY); now !== y; ) {
      y = now;
      await page.waitForTimeout(500);
      now = await page.evaluate(() => window.scrollY);
    }
    assert.equal(y, 0, 'the page went where the visitor took it');
    await page.waitForTimeout(1_000);
    assert.equal(await page.evaluate(() => window.scrollY), 0, 'and was not pulled back to the form');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
