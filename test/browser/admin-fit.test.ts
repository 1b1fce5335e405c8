/**
 * Every page, dialog and form of the admin fits a 360 px and a 390 px phone: nothing is wider than the
 * screen, so no field is cut off on the right (the litter manager's "Add puppy" and "Edit" dialog
 * once measured 427 px). Measured in a real Chromium: the widest box of the page or dialog, and
 * the document's scroll width.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { postInquiry, validInquiry } from '../helpers/inquiries';
import { browserSuite, type Page, signIn, viewports } from './helpers';

const widths = [360, 390];

/** The right edge of the rightmost visible element inside `selector`, and the page's scroll width. */
async function measure(page: Page, selector: string) {
  return page.evaluate((root) => {
    const scope = document.querySelector(root);
    if (!scope) throw new Error(`${root} not found`);
    let right = 0;
    let widest = '';
    for (const element of [scope, ...scope.querySelectorAll('*')]) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.right > right) {
        right = box.right;
        widest = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}`;
      }
    }
    return { right: Math.round(right), widest, scrollWidth: document.documentElement.scrollWidth };
  }, selector);
}

async function assertFits(page: Page, selector: string, width: number, what: string) {
  const found = await measure(page, selector);
  assert.ok(found.right <= width, `${what} at ${width} px: ${found.widest} reaches ${found.right} px`);
  assert.ok(
    found.scrollWidth <= width,
    `${what} at ${width} px: the page scrolls to ${found.scrollWidth} px`,
  );
}

describe('the admin fits a phone', () => {
  const suite = browserSuite({ admin: true });

  for (const width of widths) {
    test(`${width} px: the dashboard, the litter manager and each of its dialogs`, async () => {
      const { page, context, problems } = await suite.open({
        ...viewports.phone,
        viewport: { width, height: 800 },
      });
      await page.goto(`${suite.server.url}/admin/login`);
      await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
      await assertFits(page, 'body', width, 'the sign-in form');

      const asked = await postInquiry(suite.server.url, {
        ...validInquiry,
        name: `Family ${width}`,
        message:
          'A long question about the puppies, their parents, their vaccinations and the pick-up day. '.repeat(
            8,
          ),
      });
      assert.equal(asked.status, 201);
      await signIn(context, suite.server.url);
      await page.goto(`${suite.server.url}/admin`);
      await page.getByRole('link', { name: 'Litters', exact: true }).waitFor();
      await assertFits(page, 'body', width, 'the dashboard');
      await page.getByRole('button', { name: `View details of Family ${width}` }).click();
      await page.getByRole('dialog').waitFor();
      await assertFits(page, '[role="dialog"]', width, 'the inquiry dialog');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });

      await page.goto(`${suite.server.url}/admin/litters`);
      await page.getByRole('heading', { name: 'Litters', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Edit' }).first().waitFor();
      await assertFits(page, 'body', width, 'the litter manager');

      const dialogs: [string, () => Promise<unknown>][] = [
        ['Add puppy', () => page.getByRole('button', { name: 'Add puppy' }).click()],
        ['Edit', () => page.getByRole('button', { name: 'Edit' }).first().click()],
        ['Mark as sold', () => page.getByRole('button', { name: 'Mark as sold' }).first().click()],
        ['Remove', () => page.getByRole('button', { name: 'Remove', exact: true }).first().click()],
      ];
      for (const [name, open] of dialogs) {
        await open();
        const dialog = page.getByRole('dialog');
        await dialog.waitFor();
        await assertFits(page, '[role="dialog"]', width, `the "${name}" dialog`);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
      }
      // The other admin pages and their forms.
      for (const [path, heading] of [
        ['/admin/site', 'Site'],
        ['/admin/account', 'Account'],
        ['/admin/visits', 'Visits'],
        ['/admin/contracts', 'Contracts'],
      ] as const) {
        await page.goto(`${suite.server.url}${path}`);
        await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
        await page.locator('main form, main fieldset, main section').first().waitFor();
        await assertFits(page, 'body', width, path);
      }
      assert.deepEqual(problems, []);
    });
  }
});
