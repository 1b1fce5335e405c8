/**
 * Her application's questions (issue 29) in Chromium at phone (390 x 844) and desktop widths
 * against the built server: "Application" from the dashboard, the standard set, a question added
 * (refused without words, the message beside its field), one made optional, one moved up; saved,
 * and still so after a reload; axe finds nothing on each state; what she types stays text.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { QuestionSet } from '../../src/features/applications/applications';
import { signIn as apiSignIn } from '../helpers/admin';
import {
  ADMIN,
  assertNoViolations,
  browserSuite,
  expectedLoadError,
  gotoHydrated,
  PASSWORD,
  toastText,
  viewports,
} from './helpers';

const HOSTILE = '<img src=x onerror=alert(1)>';

describe('her application questions in a browser', () => {
  const suite = browserSuite({ admin: true, env: { INQUIRY_RATE_LIMIT: 'off' } });

  const stored = async () => {
    const cookie = await apiSignIn(suite.server.url, ADMIN, PASSWORD);
    return (await (
      await fetch(`${suite.server.url}/api/application`, { headers: { Cookie: cookie } })
    ).json()) as QuestionSet;
  };

  for (const [width, options] of Object.entries(viewports)) {
    test(`${width}: adds a question, makes one optional, moves one up, saved and kept`, async () => {
      const { page, problems } = await suite.openDashboard(options);
      await page.getByRole('link', { name: 'Application', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Application' }).waitFor();
      assert.equal(new URL(page.url()).pathname, '/admin/application');
      assert.equal(await page.title(), 'Application | Saguaro Doodles');
      const before = await stored();
      const questions = page.locator('fieldset[data-question]');
      await questions.first().waitFor();
      assert.equal(await questions.count(), before.questions.length);
      await assertNoViolations(page, `the questions (${width})`);

      // Added without words: refused, the message beside its field.
      await page.getByRole('button', { name: 'Add a question' }).click();
      const added = questions.last();
      await page.getByRole('button', { name: 'Save questions' }).click();
      await added.getByText('Write the question').waitFor();
      assert.equal(await added.getByLabel('Question', { exact: true }).getAttribute('aria-invalid'), 'true');
      await assertNoViolations(page, `a question without words (${width})`);
      const label = `${HOSTILE} Do you have a crate? (${width})`;
      await added.getByLabel('Question', { exact: true }).fill(label);
      await added.getByLabel('Kind of answer').selectOption({ label: 'One of several choices' });
      await added.getByLabel('Choices (one a line)').fill('Yes, already\nWe will buy one\n');
      await added.getByLabel('Required').check();

      // "Who lives in your home" made optional; "Other pets" moved up above it.
      const household = questions.filter({ has: page.locator('input[value^="Who lives in your home"]') });
      await household.getByLabel('Required').uncheck();
      const pets = questions.filter({ has: page.locator('input[value="What other pets do you have?"]') });
      await pets.getByRole('button', { name: 'Move up' }).click();
      await assertNoViolations(page, `questions being edited (${width})`);
      await page.getByRole('button', { name: 'Save questions' }).click();
      assert.equal((await toastText(page, 'status')).title, 'Questions saved');

      const after = await stored();
      const ids = after.questions.map((question) => question.id);
      const was = before.questions.map((question) => question.id);
      assert.equal(ids.indexOf('other-pets'), was.indexOf('other-pets') - 1, 'moved up one place');
      assert.equal(
        ids[ids.indexOf('other-pets') + 1],
        was[was.indexOf('other-pets') - 1],
        'past the one above it',
      );
      assert.equal(after.questions.find((question) => question.id === 'household')?.required, false);
      const own = after.questions.at(-1);
      assert.deepEqual(own && { ...own, id: '' }, {
        id: '',
        label,
        kind: 'choice',
        required: true,
        choices: ['Yes, already', 'We will buy one'],
      });
      assert.equal(await page.locator('img[src="x"]').count(), 0, 'typed text stays text');

      // Kept after a reload, in her order.
      await gotoHydrated(page, `${suite.server.url}/admin/application`);
      await questions.first().waitFor();
      assert.equal(await questions.last().getByLabel('Question', { exact: true }).inputValue(), label);
      assert.equal(await household.getByLabel('Required').isChecked(), false);
      assert.deepEqual(problems.filter(expectedLoadError(400)), [], 'only the refused save');
    });
  }
});
