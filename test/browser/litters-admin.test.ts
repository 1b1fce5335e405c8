/**
 * The litters screen (issue 27) in Chromium at phone (390 x 844) and desktop widths against the
 * built server: "Litters" from the dashboard, a fresh install's one Born litter with its puppies,
 * "Add litter" (a refused date, then planned and shown), "Mark as born" asking the birth date, a
 * puppy inside it, "Remove" refused with the reason, "Move to past litters"; axe finds nothing on
 * each state, and hostile text typed into every field stays text.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { LitterList } from '../../src/features/litters/litters';
import type { PuppyList } from '../../src/features/puppies/puppies';
import { signIn as apiSignIn } from '../helpers/admin';
import { newPuppy } from '../helpers/puppies';
import { ADMIN, assertNoViolations, browserSuite, expectedLoadError, PASSWORD, viewports } from './helpers';

const HOSTILE = '<img src=x onerror=alert(1)>';

describe('the litters screen in a browser', () => {
  const suite = browserSuite({ admin: true, env: { INQUIRY_RATE_LIMIT: 'off' } });

  async function api(method: string, path: string, body?: unknown) {
    const cookie = await apiSignIn(suite.server.url, ADMIN, PASSWORD);
    return fetch(`${suite.server.url}${path}`, {
      method,
      headers: { Cookie: cookie, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  for (const [width, options] of Object.entries(viewports)) {
    test(`${width}: from the dashboard to a litter planned, born with a puppy, refused removal, moved to the past`, async () => {
      const { page, problems } = await suite.openDashboard(options);
      await page.getByRole('link', { name: 'Litters', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Litters' }).waitFor();
      assert.equal(new URL(page.url()).pathname, '/admin/litters');
      assert.equal(await page.title(), 'Litters | Saguaro Doodles');

      // The first litter (a fresh install's, or past from the run before at the other width).
      const first = page.getByRole('region', { name: 'February 2025 litter' });
      await first.waitFor();
      await first.getByText('Born February 9, 2025').waitFor();
      await assertNoViolations(page, `the litters (${width})`);

      // Add litter: a date that is neither a month nor a day is refused beside its field.
      const name = `${HOSTILE} ${width}`;
      await page.getByRole('button', { name: 'Add litter' }).click();
      const form = page.getByRole('dialog', { name: 'Add litter' });
      await form.getByLabel('Name').fill(name);
      await form.getByLabel('Mother').fill(HOSTILE);
      await form.getByLabel('Father').fill('Bentley');
      await form.getByLabel('Expected (optional)').fill('next spring');
      await form.getByLabel('Description (optional)').fill(`${HOSTILE}\n\nSecond paragraph.`);
      await form.getByRole('button', { name: 'Save' }).click();
      await form.getByText('Enter a month like 2027-03 or a day like 2027-03-14').waitFor();
      await assertNoViolations(page, `Add litter with an error (${width})`);
      await form.getByLabel('Expected (optional)').fill('2027-03');
      await form.getByRole('button', { name: 'Save' }).click();
      await form.waitFor({ state: 'detached' });
      const litter = page.getByRole('region', { name });
      await litter.getByText('Expected March 2027').waitFor();
      await litter.getByText(`Parents: ${HOSTILE} × Bentley`).waitFor();
      assert.equal(await page.locator('img[src="x"]').count(), 0, 'typed text stays text');
      await assertNoViolations(page, `a planned litter (${width})`);

      // Mark as born asks the birth date.
      await litter.getByRole('button', { name: 'Mark as born' }).click();
      const born = page.getByRole('dialog', { name: `${name} is born?` });
      await born.getByLabel('Birth date').fill('2026-11-01');
      await assertNoViolations(page, `Mark as born (${width})`);
      await born.getByRole('button', { name: 'Mark as born' }).click();
      await born.waitFor({ state: 'detached' });
      await litter.getByText('Born November 1, 2026').waitFor();

      // A puppy in it (through the API: its photo is a stored one), shown inside the litter.
      const { litters } = (await (await api('GET', '/api/litters')).json()) as LitterList;
      const stored = litters.find((item) => item.name === name);
      assert.ok(stored);
      const photo = ((await (await api('GET', '/api/puppies')).json()) as PuppyList).puppies[0]?.photos[0];
      assert.ok(photo);
      const added = await api('POST', `/api/litters/${stored.id}/puppies`, newPuppy(`Pup ${width}`, photo));
      assert.equal(added.status, 201);
      await page.reload();
      await litter.getByText(`Pup ${width}`, { exact: true }).waitFor();

      // Remove is refused with the reason while the puppy is in it.
      await litter.getByRole('button', { name: 'Remove', exact: true }).first().waitFor();
      await litter.locator(':scope > div').first().getByRole('button', { name: 'Remove' }).click();
      const remove = page.getByRole('dialog', { name: `Remove ${name}?` });
      await remove.getByRole('button', { name: 'Remove' }).click();
      await remove.getByText('This litter still has 1 puppy: move or remove it first.').waitFor();
      await assertNoViolations(page, `Remove refused (${width})`);
      await remove.getByRole('button', { name: 'Cancel' }).click();

      // Move to past litters.
      await litter.getByRole('button', { name: 'Move to past litters' }).click();
      const past = page.getByRole('dialog', { name: `Move ${name} to the past litters?` });
      await past.getByRole('button', { name: 'Move to past litters' }).click();
      await past.waitFor({ state: 'detached' });
      await litter.getByText('Past', { exact: true }).waitFor();
      await assertNoViolations(page, `a past litter (${width})`);
      // The refused removal's 409 is the one error the console may show.
      assert.deepEqual(problems.filter(expectedLoadError(409)), []);
    });
  }
});
