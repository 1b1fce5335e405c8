/**
 * The puppy cards in headless Chromium: the lightbox (arrows, counter, focus, closing) at a phone
 * and a desktop viewport, and the grids' columns at three widths.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Locator } from 'playwright-core';
import { seedPhotos } from '../../src/features/puppies/spec-puppies.server';
import { type BrowserContext, landingSuite, type Page, scrollTopNow, viewports } from './helpers';

const { open, load } = landingSuite();

for (const [name, viewport] of Object.entries(viewports)) {
  /** A photo's built files are named after its id: /img/daisy-1-800-<hash>.jpg */
  /** A puppy's photo is the breeder's (DATA_DIR, served from /media under a random name): known by its alt text. */
  const photoAlt = (id: string) => seedPhotos().find((photo) => photo.id === id)?.alt;
  const showsPhoto = async (img: Locator, id: string) => {
    assert.match((await img.getAttribute('src')) ?? '', /^\/media\/[A-Za-z0-9_-]{16}-\d+\.jpg$/);
    assert.equal(await img.getAttribute('alt'), photoAlt(id));
  };
  describe(`the puppy photos on a ${name}`, () => {
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

    test('the lightbox: open, arrows wrap both ways, counter, focus kept inside, scroll locked', async () => {
      await scrollTopNow(page);
      const opener = page.getByRole('button', { name: 'Enlarge photo of Daisy' });
      await opener.click();
      const dialog = page.getByRole('dialog', { name: 'Daisy Photo' });
      await dialog.waitFor();
      assert.equal(await dialog.getAttribute('aria-modal'), 'true');
      const counter = dialog.getByText(/Photos$/);
      const photo = dialog.locator('img');
      assert.equal(await counter.textContent(), '1 / 2 Photos');
      await showsPhoto(photo, 'daisy-1');
      assert.ok(
        await page.evaluate(() =>
          document.querySelector('[role="dialog"]')?.contains(document.activeElement),
        ),
      );
      assert.equal(await page.evaluate(() => getComputedStyle(document.body).overflow), 'hidden');
      const maxHeight = await photo.evaluate((img) => getComputedStyle(img).maxHeight);
      assert.ok(Math.abs(Number.parseFloat(maxHeight) - viewport.viewport.height * 0.8) < 0.5, maxHeight);

      const next = dialog.getByRole('button', { name: 'Next photo' });
      const previous = dialog.getByRole('button', { name: 'Previous photo' });
      await next.click();
      assert.equal(await counter.textContent(), '2 / 2 Photos');
      await showsPhoto(photo, 'daisy-2');
      await next.click();
      assert.equal(await counter.textContent(), '1 / 2 Photos', 'next from the last wraps to the first');
      await previous.click();
      assert.equal(await counter.textContent(), '2 / 2 Photos', 'previous from the first wraps to the last');
      await showsPhoto(photo, 'daisy-2');

      for (let i = 0; i < 6; i++) {
        await page.keyboard.press(i % 2 ? 'Shift+Tab' : 'Tab');
        await page.keyboard.press('Tab');
        assert.ok(
          await page.evaluate(() =>
            document.querySelector('[role="dialog"]')?.contains(document.activeElement),
          ),
          'Tab stays inside the dialog',
        );
      }

      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
      assert.equal(
        await page.evaluate(() => document.activeElement?.getAttribute('aria-label')),
        'Enlarge photo of Daisy',
      );
      assert.notEqual(await page.evaluate(() => getComputedStyle(document.body).overflow), 'hidden');
    });

    test('the lightbox closes on Escape and a plain overlay click, not on a right-click or ctrl-click', async () => {
      const opener = page.getByRole('button', { name: 'Enlarge photo of Luna' });
      const dialog = page.getByRole('dialog', { name: 'Luna Photo' });
      const returnedToOpener = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));

      await opener.click();
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      assert.equal(await returnedToOpener(), 'Enlarge photo of Luna');

      await opener.click();
      await dialog.waitFor();
      await page.mouse.click(4, 4, { button: 'right' });
      assert.equal(await dialog.isVisible(), true, 'a right-click outside keeps it open');
      await page.keyboard.down('Control');
      await page.mouse.click(4, 4);
      await page.keyboard.up('Control');
      assert.equal(await dialog.isVisible(), true, 'a ctrl-click outside keeps it open');
      await dialog.locator('img').click();
      assert.equal(await dialog.isVisible(), true, 'a click on the photo keeps it open');
      await page.keyboard.press('Tab');
      assert.ok(
        await page.evaluate(() =>
          document.querySelector('[role="dialog"]')?.contains(document.activeElement),
        ),
        'after those clicks, Tab is still inside the dialog',
      );
      await page.mouse.click(4, 4);
      await dialog.waitFor({ state: 'detached' });
      assert.equal(await returnedToOpener(), 'Enlarge photo of Luna');
    });

    test('a sold puppy has one photo: no arrows and no counter', async () => {
      await page.getByRole('button', { name: 'Enlarge photo of Maple' }).click();
      const dialog = page.getByRole('dialog', { name: 'Maple Photo' });
      await dialog.waitFor();
      assert.equal(await dialog.getByRole('button', { name: 'Next photo' }).count(), 0);
      assert.equal(await dialog.getByRole('button', { name: 'Previous photo' }).count(), 0);
      assert.equal(await dialog.getByText(/Photos$/).count(), 0);
      await showsPhoto(dialog.locator('img'), 'sold-maple');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    });

    test('no console error or warning on the way', () => {
      assert.deepEqual(problems, []);
    });
  });
}

test('grid columns: puppies 1 / 2 / 4 and sold puppies 1 / 2 / 3 at phone, tablet and desktop widths', async () => {
  const { context, page, problems } = await open(viewports.desktop);
  try {
    await load(page);
    const columns = () =>
      page.evaluate(() =>
        ['#puppies', '#sold-puppies'].map((section) => {
          const grid = document.querySelector(`${section} article`)?.parentElement;
          return grid ? getComputedStyle(grid).gridTemplateColumns.split(' ').length : 0;
        }),
      );
    const expected: [number, number[]][] = [
      [390, [1, 1]],
      [800, [2, 2]],
      [1280, [4, 3]],
    ];
    for (const [width, counts] of expected) {
      await page.setViewportSize({ width, height: 900 });
      assert.deepEqual(await columns(), counts, `at ${width}px`);
    }
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
