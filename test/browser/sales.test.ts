/**
 * The sales flow in Chromium, at phone (390 x 844) and desktop widths, against the built server:
 * an inquiry's status and the breeder's notes in its details, the status filter with its counts,
 * the notes found by the search.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { postInquiry, uniqueInquiry } from '../helpers/inquiries';
import {
  assertNoViolations,
  type BrowserContextOptions,
  browserSuite,
  type Page,
  signIn,
  toastText,
  viewports,
  waitForHydration,
} from './helpers';

describe('the sales flow in a browser', () => {
  const suite = browserSuite({ admin: true, env: { INQUIRY_RATE_LIMIT: 'off' } });

  async function openDashboard(options: BrowserContextOptions) {
    const opened = await suite.open(options);
    await signIn(opened.context, suite.server.url);
    await opened.page.goto(`${suite.server.url}/admin`);
    await opened.page.locator('tbody tr').first().waitFor();
    await waitForHydration(opened.page);
    return opened;
  }

  /** Opens an inquiry's details from its row, whichever control this width shows. */
  async function openDetails(page: Page, name: string) {
    const row = page.locator('tbody tr').filter({ hasText: name });
    await row.waitFor();
    const controls = row.getByRole('button');
    for (const control of await controls.all()) {
      if (await control.isVisible()) {
        await control.click();
        break;
      }
    }
    const dialog = page.getByRole('dialog', { name: 'Inquiry Details' });
    await dialog.waitFor();
    return dialog;
  }

  for (const [width, options] of Object.entries(viewports)) {
    test(`${width}: Status and notes in the details, the status filter with counts, notes found by search`, async () => {
      const family = `Family ${width} ${Math.random().toString(36).slice(2, 7)}`;
      const res = await postInquiry(suite.server.url, { ...uniqueInquiry(width), name: family });
      assert.equal(res.status, 201);
      const { page, problems } = await openDashboard(options);

      const dialog = await openDetails(page, family);
      const status = dialog.getByLabel('Status', { exact: true });
      assert.equal(await status.inputValue(), 'new');
      await status.selectOption({ label: 'Contacted' });
      assert.equal((await toastText(page, 'status')).title, 'Saved');
      assert.equal(await status.inputValue(), 'contacted');

      await dialog.getByRole('button', { name: 'Add note' }).click();
      await dialog.getByText('Write the note').waitFor();
      const noteWord = `papaya${width}`;
      await dialog.getByLabel('New note').fill(`First call went well`);
      await dialog.getByRole('button', { name: 'Add note' }).click();
      const noteList = dialog.getByTestId('sale-notes');
      await noteList.getByText('First call went well').waitFor();
      await dialog.getByLabel('New note').fill(`Wants the ${noteWord} collar`);
      await dialog.getByRole('button', { name: 'Add note' }).click();
      await noteList.getByText(`Wants the ${noteWord} collar`).waitFor();
      const notes = await noteList.locator('li p').allTextContents();
      assert.deepEqual(notes, [`Wants the ${noteWord} collar`, 'First call went well'], 'newest first');
      assert.equal(await dialog.getByLabel('New note').inputValue(), '', 'the field is emptied once saved');
      await assertNoViolations(page, `the details with a status and notes (${width})`);
      await dialog.getByRole('button', { name: 'Close' }).click();

      const filter = page.getByLabel('Filter by status');
      const contactedOption = filter.locator('option[value="contacted"]');
      await page.waitForFunction(() =>
        /\(\d+\)/.test(document.querySelector('#inbox-status option[value="contacted"]')?.textContent ?? ''),
      );
      const counted = Number(/\((\d+)\)/.exec((await contactedOption.textContent()) ?? '')?.[1]);
      assert.ok(counted >= 1, `Contacted (${counted})`);
      await filter.selectOption('contacted');
      await page
        .getByRole('status')
        .filter({ hasText: `of ${counted} inquiries` })
        .waitFor();
      assert.equal(await page.locator('tbody tr').filter({ hasText: family }).count(), 1);
      assert.equal(
        await page.locator('tbody tr').filter({ hasText: family }).getByTestId('status-badge').textContent(),
        'Contacted',
      );
      await filter.selectOption('closed');
      await page.getByText('No inquiries match your search').waitFor();
      await filter.selectOption('all');

      await page.getByLabel('Search inquiries').fill(noteWord);
      await page.getByRole('status').filter({ hasText: 'Showing 1 of 1 inquiries' }).waitFor();
      assert.equal(await page.locator('tbody tr').filter({ hasText: family }).count(), 1);
      await assertNoViolations(page, `the inbox with the status filter (${width})`);

      // Still there after a reload: stored, not only shown.
      await page.reload();
      await waitForHydration(page);
      const again = await openDetails(page, family);
      assert.equal(await again.getByLabel('Status', { exact: true }).inputValue(), 'contacted');
      await again.getByTestId('sale-notes').getByText(`Wants the ${noteWord} collar`).waitFor();
      assert.deepEqual(problems, []);
    });
  }
});
