/**
 * "Likely spam" in the breeder's inbox, in Chromium at phone (390 x 844) and desktop widths
 * (issue 32): the filter with its count, the reasons in words, hostile text shown as text, the
 * details' "Not spam" and "Delete" (which asks first), axe-core clean in each state. Held spam is
 * written to inquiry-triage.json before the server starts.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { InboxPage } from '../../src/features/inbox/inbox';
import type { Inquiry } from '../../src/shared/api';
import { signIn as apiSignIn } from '../helpers/admin';
import { storedWithEmail } from '../helpers/inquiries';
import { writeInquiriesFile } from '../helpers/seed';
import {
  ADMIN,
  assertNoViolations,
  browserSuite,
  fill,
  openContactPage,
  PASSWORD,
  type Page,
  submitButton,
  thanksHeading,
  typed,
  viewports,
} from './helpers';

const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
const family: Inquiry = {
  id: '00000000-0000-4000-8000-00000000fa01',
  name: 'Real Family',
  email: 'family@example.com',
  message: 'Is Daisy still available? We would love to visit.',
  createdAt: at(30),
};
const scammer: Inquiry = {
  id: '00000000-0000-4000-8000-00000000bad1',
  name: 'Shipping Sam',
  email: 'sam@example.com',
  message: 'My shipping agent will pick up the puppy, I pay by cashier check.',
  createdAt: at(20),
};
const hostile: Inquiry = {
  id: '00000000-0000-4000-8000-00000000bad2',
  name: '<img src=x onerror="document.title=\'owned\'">',
  email: 'bot@example.com',
  message: '<a href="https://evil.example">win</a><script>document.title="owned"</script>',
  createdAt: at(10),
};

describe('likely spam in the inbox, in a browser', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'doodles-spam-browser-'));
  before(async () => {
    await writeInquiriesFile(dataDir, [family, scammer, hostile]);
    const heldAt = new Date().toISOString();
    await writeFile(
      path.join(dataDir, 'inquiry-triage.json'),
      JSON.stringify({
        version: 1,
        held: {
          [scammer.id]: { heldAt, score: 6, reasons: [{ rule: 'shipping-agent' }, { rule: 'check' }] },
          [hostile.id]: {
            heldAt,
            score: 4,
            reasons: [{ rule: 'fast', seconds: 2 }, { rule: 'markup-links' }],
          },
        },
        released: {},
        deleted: {},
      }),
    );
  });
  const suite = browserSuite({ dataDir, admin: true });
  after(() => rm(dataDir, { recursive: true, force: true }));

  const row = (page: Page, id: string) => page.locator(`tr[data-inquiry-id="${id}"]`);
  const filter = (page: Page) => page.getByRole('button', { name: /^Likely spam \(\d+\)$/ });
  const noSideways = async (page: Page) => {
    const [scroll, width] = await page.evaluate(() => [
      document.documentElement.scrollWidth,
      window.innerWidth,
    ]);
    assert.ok(scroll <= (width ?? 0), `page scrolls sideways: ${scroll} > ${width}`);
  };

  for (const [width, options] of Object.entries(viewports)) {
    test(`${width}: the filter with its count, the reasons in words, hostile text as text, axe 0`, async () => {
      const { page, problems } = await suite.openDashboard(options, { rows: true });
      // The inbox holds only the family.
      await row(page, family.id).waitFor();
      assert.equal(await row(page, scammer.id).count(), 0);
      assert.equal(await filter(page).textContent(), 'Likely spam (2)');
      assert.equal(await filter(page).getAttribute('aria-pressed'), 'false');
      await noSideways(page);

      await filter(page).click();
      await row(page, scammer.id).waitFor();
      assert.equal(await filter(page).getAttribute('aria-pressed'), 'true');
      assert.equal(await row(page, family.id).count(), 0);
      await page.getByText('Held back from your inbox: no notice was sent.', { exact: false }).waitFor();
      assert.deepEqual(
        await row(page, scammer.id).getByTestId('spam-reasons').locator('li').allTextContents(),
        [
          'Asks to pay through a shipping agent',
          "Offers to pay by cashier's check, money order or money transfer",
        ],
      );
      assert.deepEqual(
        await row(page, hostile.id).getByTestId('spam-reasons').locator('li').allTextContents(),
        ['Sent 2 seconds after the form was opened', 'Has web links written as HTML or forum code'],
      );
      // The sender's markup is text: no image, no script ran.
      assert.equal(await row(page, hostile.id).locator('img').count(), 0);
      assert.ok(((await row(page, hostile.id).textContent()) ?? '').includes(hostile.name));
      assert.notEqual(await page.title(), 'owned');
      await noSideways(page);
      await assertNoViolations(page, `the Likely spam list (${width})`);

      // The details: why, "Not spam", "Delete" asking first.
      await row(page, hostile.id).getByRole('button').filter({ visible: true }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: 'Why it looks like spam' }).waitFor();
      assert.equal(await dialog.locator('img, a[href="https://evil.example"]').count(), 0);
      await assertNoViolations(page, `a held inquiry's details (${width})`);
      await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
      const question = dialog.getByText('Delete this inquiry for good? It cannot be brought back.');
      await question.waitFor();
      assert.equal(
        await page.evaluate(() => document.activeElement?.textContent),
        await question.textContent(),
      );
      await assertNoViolations(page, `the delete confirmation (${width})`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.getByRole('button', { name: 'Not spam' }).waitFor();
      assert.deepEqual(problems, []);
    });
  }

  test('"Not spam" moves one to the inbox; "Delete" after its confirmation removes the other', async () => {
    const { page, problems } = await suite.openDashboard(viewports.phone, { rows: true });
    await filter(page).click();
    await row(page, scammer.id).getByRole('button').filter({ visible: true }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Not spam' }).click();
    await page.getByText('Moved to the inbox', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Likely spam (1)' }).waitFor();
    assert.equal(await row(page, scammer.id).count(), 0);

    await row(page, hostile.id).getByRole('button').filter({ visible: true }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.getByRole('button', { name: 'Delete for good' }).click();
    await page.getByText('Inquiry deleted', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Likely spam (0)' }).waitFor();
    await page.getByText('No likely spam', { exact: true }).waitFor();
    await assertNoViolations(page, 'the empty Likely spam list');

    await page.getByRole('button', { name: 'Back to the inbox' }).click();
    await row(page, scammer.id).waitFor();
    await row(page, family.id).waitFor();
    assert.equal(await row(page, hostile.id).count(), 0);
    assert.deepEqual(problems, []);
  });
});

describe('the time trap in a browser', () => {
  const suite = browserSuite({ admin: true, env: { SPAM_FAST_SECONDS: '5', INQUIRY_RATE_LIMIT: 'off' } });

  async function heldOrNot(email: string) {
    const [stored] = await storedWithEmail(suite.server.dataDir, email);
    assert.ok(stored, 'stored either way');
    const cookie = await apiSignIn(suite.server.url, ADMIN, PASSWORD);
    const get = async (query: string): Promise<InboxPage> =>
      (await fetch(`${suite.server.url}/api/inbox${query}`, { headers: { Cookie: cookie } })).json();
    const held = (await get('?spam=1')).items.find((item) => item.id === stored.id);
    const inInbox = (await get('')).items.some((item) => item.id === stored.id);
    return { held, inInbox };
  }

  test('the form sends its signed timer: sent at once, it is held with the reason; the family sees the Thank You all the same', async () => {
    const { page, posts, problems } = await openContactPage(suite.browser, suite.server.url, viewports.phone);
    const values = typed('fast-form');
    await fill(page, values);
    await submitButton(page).click();
    await thanksHeading(page).waitFor();
    assert.match(posts[0]?.headers()['x-form-timer'] ?? '', /^\d+\.[\w-]{22}$/);
    assert.equal(JSON.parse(posts[0]?.postData() ?? '{}').timer, undefined, "the body is the spec's");
    const { held, inInbox } = await heldOrNot(values.email);
    assert.equal(inInbox, false);
    assert.match(held?.spam?.reasons[0] ?? '', /^Sent [0-4] seconds? after the form was opened$/);
    assert.deepEqual(problems, []);
  });

  test('a person who takes their time goes to the inbox', async () => {
    const { page, problems } = await openContactPage(suite.browser, suite.server.url);
    const values = typed('slow-form');
    await fill(page, { name: values.name });
    await page.waitForTimeout(5_500);
    await fill(page, { email: values.email, message: values.message });
    await submitButton(page).click();
    await thanksHeading(page).waitFor();
    const { held, inInbox } = await heldOrNot(values.email);
    assert.equal(held, undefined);
    assert.equal(inInbox, true);
    assert.deepEqual(problems, []);
  });
});
