/**
 * Her year with litters (issue 27) in Chromium at phone (390 x 844) and desktop widths against the
 * built server: a litter planned and shown; two families join its waitlist from `/` (each "Join
 * the Waitlist" selects "Waitlist: {name}"); the dashboard lists them under the litter; it is
 * marked born with three puppies while the first litter is born too, so `/` groups the puppies;
 * a sale; a family photo; the litter moved to past litters, and "Past Litters" on `/`. axe finds
 * nothing on each new state; what she types stays text.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { LitterList } from '../../src/features/litters/litters';
import type { PuppyList } from '../../src/features/puppies/puppies';
import { fixtureDir, phoneJpeg } from '../fixtures/photos';
import { signIn as apiSignIn } from '../helpers/admin';
import { newPuppy } from '../helpers/puppies';
import {
  ADMIN,
  assertNoViolations,
  type BrowserContextOptions,
  browserSuite,
  field,
  fill,
  gotoHydrated,
  PASSWORD,
  submitButton,
  thanksHeading,
  typed,
  viewports,
  waitUntilScrolledTo,
} from './helpers';

const HOSTILE = '<img src=x onerror=alert(1)>';

describe('a year of litters in a browser', () => {
  const suite = browserSuite({ admin: true, env: { INQUIRY_RATE_LIMIT: 'off' } });
  let photoFile = '';
  before(async () => {
    photoFile = await phoneJpeg(await fixtureDir());
  });

  async function api(method: string, path: string, body?: unknown) {
    const cookie = await apiSignIn(suite.server.url, ADMIN, PASSWORD);
    return fetch(`${suite.server.url}${path}`, {
      method,
      headers: { Cookie: cookie, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  async function join(options: BrowserContextOptions, litter: string, family: string) {
    const { page, problems } = await suite.open(options);
    await gotoHydrated(page, `${suite.server.url}/`);
    const card = page.getByRole('region', { name: 'Our Next Litter' }).getByRole('article', { name: litter });
    await card.getByRole('link', { name: 'Join the Waitlist' }).click();
    await waitUntilScrolledTo(page, 'contact');
    assert.equal(await field(page, 'puppy').inputValue(), `Waitlist: ${litter}`);
    await fill(page, typed(family.replaceAll(' ', '-').toLowerCase(), { name: family }));
    await submitButton(page).click();
    await thanksHeading(page).waitFor();
    assert.deepEqual(problems, []);
  }

  for (const [width, options] of Object.entries(viewports)) {
    test(`${width}: planned, joined, born with three puppies beside another, a sale, a family photo, past`, async () => {
      const name = `Bella × Duke ${width}`;
      const breeder = await suite.openSignedIn(options);
      const { page } = breeder;

      // Plan it and show it.
      await gotoHydrated(page, `${suite.server.url}/admin/litters`);
      await page.getByRole('button', { name: 'Add litter' }).click();
      const form = page.getByRole('dialog', { name: 'Add litter' });
      await form.getByLabel('Name').fill(name);
      await form.getByLabel('Mother').fill('Bella');
      await form.getByLabel('Father').fill('Duke');
      await form.getByLabel('Expected (optional)').fill('2027-03');
      await form.getByLabel('Description (optional)').fill(`Cream puppies. ${HOSTILE}`);
      await form.getByRole('button', { name: 'Save' }).click();
      await form.waitFor({ state: 'detached' });
      const litter = page.getByRole('region', { name });
      await litter.getByText('Shown on the site · Taking applications · No families waiting').waitFor();

      // Two families join its waitlist from /.
      const visitor = await suite.open(options);
      await gotoHydrated(visitor.page, `${suite.server.url}/`);
      const section = visitor.page.getByRole('region', { name: 'Our Next Litter' });
      await section.getByRole('article', { name }).getByText(`Cream puppies. ${HOSTILE}`).waitFor();
      assert.equal(await visitor.page.locator('img[src="x"]').count(), 0);
      await assertNoViolations(visitor.page, `Our Next Litter with a litter (${width})`);
      await join(options, name, `First ${width}`);
      await join(options, name, `Second ${width}`);

      // The dashboard's Waitlist: the two families under the litter, in order.
      await gotoHydrated(page, `${suite.server.url}/admin`);
      const waitlist = page.getByRole('region', { name: 'Waitlist' });
      const line = waitlist.getByRole('region', { name });
      await line.locator('[data-family]').first().waitFor();
      assert.deepEqual(
        await line
          .locator('[data-family]')
          .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-family'))),
        [`First ${width}`, `Second ${width}`],
      );
      await assertNoViolations(page, `the Waitlist per litter (${width})`);

      // Born, with three puppies; the first litter is born too: / groups them.
      await gotoHydrated(page, `${suite.server.url}/admin/litters`);
      await litter.getByRole('button', { name: 'Mark as born' }).click();
      const born = page.getByRole('dialog', { name: `${name} is born?` });
      await born.getByLabel('Birth date').fill('2026-11-01');
      await born.getByRole('button', { name: 'Mark as born' }).click();
      await born.waitFor({ state: 'detached' });
      const { litters } = (await (await api('GET', '/api/litters')).json()) as LitterList;
      const stored = litters.find((item) => item.name === name);
      assert.ok(stored);
      assert.equal(stored.waitlist.length, 2, 'its families stay on its waitlist');
      const photo = ((await (await api('GET', '/api/puppies')).json()) as PuppyList).puppies[0]?.photos[0];
      assert.ok(photo);
      for (const pup of ['Ace', 'Bo', 'Cy'])
        assert.equal(
          (await api('POST', `/api/litters/${stored.id}/puppies`, newPuppy(`${pup} ${width}`, photo))).status,
          201,
        );
      await gotoHydrated(visitor.page, `${suite.server.url}/`);
      const puppies = visitor.page.locator('#puppies');
      // Its group's heading (a litter taking applications has a second, above its "Apply for this litter").
      await puppies.getByRole('heading', { level: 3, name }).first().waitFor();
      await puppies.getByText('Born November 1, 2026 ·', { exact: false }).waitFor();
      await assertNoViolations(visitor.page, `/ with the puppies grouped by litter (${width})`);

      // A sale, then a family photo with their words.
      await page.reload();
      await litter
        .locator(`[data-puppy="Ace ${width}"]`)
        .getByRole('button', { name: 'Mark as sold' })
        .click();
      const sold = page.getByRole('dialog', { name: `Mark Ace ${width} as sold` });
      await sold.getByRole('button', { name: 'Mark as sold' }).click();
      await sold.waitFor({ state: 'detached' });
      await litter
        .getByRole('list', { name: 'Add a family photo' })
        .getByRole('button')
        .filter({ hasText: `Ace ${width}` })
        .click();
      const family = page.getByRole('dialog', { name: `Add a family photo of Ace ${width}` });
      await family.getByLabel('Replace photo').setInputFiles(photoFile);
      await family
        .getByLabel('Alt text (photo 1)')
        .fill(`Ace ${width} with the First family`, { timeout: 30_000 });
      await family.getByLabel('Their words (optional)').fill(`${HOSTILE} We love him!`);
      await assertNoViolations(page, `Add a family photo (${width})`);
      await family.getByRole('button', { name: 'Save' }).click();
      await family.waitFor({ state: 'detached' });

      // Moved to past litters: "Past Litters" on /.
      await litter.getByRole('button', { name: 'Move to past litters' }).click();
      const past = page.getByRole('dialog', { name: `Move ${name} to the past litters?` });
      await past.getByRole('button', { name: 'Move to past litters' }).click();
      await past.waitFor({ state: 'detached' });
      await assertNoViolations(page, `a past litter on /admin/litters (${width})`);
      await gotoHydrated(visitor.page, `${suite.server.url}/`);
      const pastSection = visitor.page.getByRole('region', { name: 'Past Litters' });
      const record = pastSection.getByRole('article', { name });
      await record.getByText(`Ace ${width}`, { exact: true }).waitFor();
      await record.getByText(`${HOSTILE} We love him!`).waitFor();
      await record.getByRole('img', { name: `Ace ${width} with the First family` }).waitFor();
      assert.equal(await visitor.page.locator('img[src="x"]').count(), 0, 'her words stay text');
      await assertNoViolations(visitor.page, `/ with Past Litters (${width})`);
      assert.deepEqual(breeder.problems, []);
      assert.deepEqual(visitor.problems, []);
    });
  }
});
