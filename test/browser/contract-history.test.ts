/**
 * The agreement template's history in Chromium (issue 30), at phone (390 × 844) and desktop
 * widths: she saves a new version, restores the one before it from "History" (it becomes the
 * draft, the toast says so, a reload keeps it), then saves it as the template in use.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { TemplateState } from '../../src/features/contracts/contracts';
import { assertNoViolations, browserSuite, gotoHydrated, toastText, viewports } from './helpers';

describe('the contract template\'s history: "Restore" in a browser', () => {
  const suite = browserSuite({ admin: true });

  for (const [width, options] of Object.entries(viewports)) {
    test(`${width}: save a version, restore the one before it as the draft, save it again`, async () => {
      const { page, context, problems } = await suite.openSignedIn(options);
      const stateNow = async () =>
        (await (
          await context.request.get(`${suite.server.url}/api/contracts/template`)
        ).json()) as TemplateState;
      await gotoHydrated(page, `${suite.server.url}/admin/contracts`);
      const title = page.getByLabel('Title', { exact: true });
      const text = page.getByLabel('Agreement text');
      await title.waitFor();
      const before = { title: await title.inputValue(), text: await text.inputValue() };
      const { basedOn } = await stateNow();

      // A new version: another title and a line more.
      await title.fill(`Sales Agreement (${width})`);
      await text.fill(`${before.text}\n\nAdded on the ${width}.`);
      await page.getByRole('status').filter({ hasText: 'Draft saved' }).waitFor();
      await page.getByRole('button', { name: 'Save template' }).click();
      assert.equal((await toastText(page, 'status')).title, 'Template saved');
      const history = page.getByRole('region', { name: 'History' });
      const newest = history.getByRole('listitem').first();
      await newest.getByText(`Version ${basedOn + 1}:`).waitFor();
      await newest.getByText('In use').waitFor();
      assert.equal(await newest.getByRole('button', { name: 'Restore' }).count(), 0, 'the one in use');
      await assertNoViolations(page, `/admin/contracts with a version in its history (${width})`);

      // "Restore" the version before it: its words come back as the draft, not yet in use.
      const previous = history.getByRole('listitem').nth(1);
      await previous.getByText(`Version ${basedOn}:`).waitFor();
      // The save's toast goes first: the one read next is the restore's.
      await page.locator('[role="status"] [data-testid="toast"]').waitFor({ state: 'detached' });
      await previous.getByRole('button', { name: 'Restore' }).click();
      const toast = await toastText(page, 'status');
      assert.equal(toast.title, 'Restored as the draft');
      await page.getByRole('status').filter({ hasText: 'Draft saved' }).waitFor();
      assert.equal(await title.inputValue(), before.title);
      assert.equal(await text.inputValue(), before.text);
      let state = await stateNow();
      assert.equal(state.hasDraft, true);
      assert.equal(state.basedOn, basedOn + 1, 'the template in use is still the new version');
      await assertNoViolations(page, `/admin/contracts with a restored draft (${width})`);

      // The draft is kept on the server: a reload shows it.
      await gotoHydrated(page, `${suite.server.url}/admin/contracts`);
      await page.getByRole('status').filter({ hasText: 'Draft saved' }).waitFor();
      assert.equal(await title.inputValue(), before.title);

      // Saved, the restored words are the template in use again, as a version of their own.
      await page.getByRole('button', { name: 'Save template' }).click();
      assert.equal((await toastText(page, 'status')).title, 'Template saved');
      await page.getByRole('status').filter({ hasText: 'No draft: this is the template in use' }).waitFor();
      await history
        .getByRole('listitem')
        .first()
        .getByText(`Version ${basedOn + 2}:`)
        .waitFor();
      state = await stateNow();
      assert.equal(state.hasDraft, false);
      assert.deepEqual(
        { title: state.template.title, text: state.template.text },
        before,
        'the restored version is in use',
      );
      await assertNoViolations(page, `/admin/contracts after a restored version is saved (${width})`);
      assert.deepEqual(problems, []);
    });
  }
});
