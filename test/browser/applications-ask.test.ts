/**
 * "Ask to apply" (issue 29) in Chromium at phone (390 x 844) and desktop widths: in the details of
 * a family with a family page she asks them to apply for a litter; their page shows "Apply", which
 * opens the application on their own page; they send it, their page says so, and her details of
 * the same inquiry show the answers with "Approve". axe finds nothing on each new state.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { FamilyState } from '../../src/features/family/family';
import type { LitterList } from '../../src/features/litters/litters';
import { signIn as apiSignIn } from '../helpers/admin';
import { postInquiry, uniqueInquiry } from '../helpers/inquiries';
import { fillAnswers } from './application-helpers';
import { openDetails } from './family-helpers';
import { ADMIN, assertNoViolations, browserSuite, PASSWORD, toastText, viewports } from './helpers';

describe('asking a family to apply, in a browser', () => {
  const suite = browserSuite({
    admin: true,
    env: { INQUIRY_RATE_LIMIT: 'off', PUBLIC_URL: 'https://doodles.test' },
  });
  let cookie = '';
  before(async () => {
    cookie = await apiSignIn(suite.server.url, ADMIN, PASSWORD);
    // A fresh install's born litter takes no applications until she turns it on.
    const { litters } = (await (
      await fetch(`${suite.server.url}/api/litters`, { headers: { Cookie: cookie } })
    ).json()) as LitterList;
    const first = litters.find((litter) => litter.name === 'February 2025 litter');
    assert.ok(first);
    const res = await fetch(`${suite.server.url}/api/litters/${first.id}`, {
      method: 'PUT',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: first.name,
        mother: first.mother,
        father: first.father,
        expected: first.expected,
        description: first.description,
        shown: first.shown,
        born: first.born,
        applications: true,
        version: first.version,
      }),
    });
    assert.equal(res.status, 200);
  });
  const api = async (path: string, body: unknown) =>
    fetch(`${suite.server.url}${path}`, {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  for (const [width, options] of Object.entries(viewports)) {
    test(`${width}: she asks, their family page shows "Apply"`, async () => {
      const name = `Asked Family ${width}`;
      const { id } = (await (
        await postInquiry(suite.server.url, { ...uniqueInquiry(width), name })
      ).json()) as {
        id: string;
      };
      const link = (await (await api(`/api/inquiries/${id}/family-link`, {})).json()) as FamilyState;
      const { page, problems } = await suite.openSignedIn(options);
      const dialog = await openDetails(page, name, suite.server.url);
      const ask = dialog.getByTestId('ask-to-apply');
      await ask.getByLabel('Litter').selectOption({ label: 'February 2025 litter' });
      await assertNoViolations(page, `Ask to apply (${width})`);
      await ask.getByRole('button', { name: 'Ask to apply' }).click();
      assert.equal((await toastText(page, 'status')).title, 'Asked to apply');
      await ask
        .getByText('Asked to apply for February 2025 litter: their family page shows "Apply".')
        .waitFor();

      const family = await suite.open(options);
      await family.page.goto((link.url ?? '').replace('https://doodles.test', suite.server.url));
      await family.page.getByRole('heading', { name: 'Apply for February 2025 litter' }).waitFor();
      await assertNoViolations(family.page, `the family page with "Apply" (${width})`);
      await family.page.getByRole('link', { name: 'Apply', exact: true }).click();
      await family.page.getByRole('heading', { level: 1, name: 'Apply for February 2025 litter' }).waitFor();
      // On their own page's address, her questions only: their name and email are their inquiry's.
      assert.match(family.page.url(), /\/family\/[A-Za-z0-9_-]{43}\/apply$/);
      assert.equal(await family.page.getByLabel('Your name').count(), 0);
      await assertNoViolations(family.page, `the application on the family page (${width})`);
      await fillAnswers(family.page);
      await family.page.getByRole('button', { name: 'Send application' }).click();
      await family.page
        .getByRole('status')
        .filter({ hasText: 'Your application for February 2025 litter was sent.' })
        .waitFor();
      assert.equal(await family.page.getByRole('link', { name: 'Apply', exact: true }).count(), 0);
      await assertNoViolations(family.page, `the family page after applying (${width})`);

      // Her details of the same inquiry: "Applied", the answers, "Approve" and "Decline".
      const again = await openDetails(page, name, suite.server.url);
      const section = again.getByTestId('application-section');
      await section.getByText('Fenced, <b>big</b>.').waitFor();
      await section.getByRole('button', { name: 'Approve' }).waitFor();
      assert.equal(await again.getByTestId('ask-to-apply').count(), 0);
      await assertNoViolations(page, `an application from the family page in her details (${width})`);
      assert.deepEqual(problems, []);
      assert.deepEqual(family.problems, []);
    });
  }
});
