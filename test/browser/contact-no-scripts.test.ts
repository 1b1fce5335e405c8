/**
 * The contact form with scripts off, in headless Chromium: the native post, its Thank You page
 * and its 400 page, and those pages hydrated when scripts are on.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { contact } from '../../src/features/inquiries/page/contact-labels';
import { readInquiriesFile, storedWithEmail } from '../helpers/inquiries';
import {
  type BrowserContextOptions,
  browserSuite,
  emptyForm,
  field,
  fill,
  focusedId,
  messageUnder,
  openContactPage,
  openPage,
  type RunningServer,
  submitButton,
  thanksHeading,
  typed,
  valuesOf,
  viewports,
  waitForHydration,
} from './helpers';

const suite = browserSuite({ env: { INQUIRY_RATE_LIMIT: 'off' } });
/** A hydrated page with every inquiry POST and every script it fetched recorded. */
const openForm = (options?: BrowserContextOptions, at: RunningServer = suite.server, path = '/') =>
  openContactPage(suite.browser, `${at.url}${path}`, options);

describe('the contact form with scripts off', () => {
  const noScripts = { ...viewports.phone, javaScriptEnabled: false };

  test('a valid form lands on the Thank You panel and is stored once; a reload stores nothing more', async () => {
    const { context, page, problems } = await openPage(suite.browser, noScripts);
    try {
      await page.goto(`${suite.server.url}/`);
      const values = typed('off-ok');
      await fill(page, values, 'Daisy');
      await Promise.all([
        page.waitForURL(`${suite.server.url}/?inquiry=sent#contact`),
        submitButton(page).click(),
      ]);
      assert.equal(await thanksHeading(page).isVisible(), true);
      assert.equal(await page.getByText(contact.thanks.text, { exact: true }).isVisible(), true);
      const again = page.getByRole('link', { name: 'Send Another Inquiry' });
      assert.equal(await again.getAttribute('href'), '/#contact');

      const stored = await storedWithEmail(suite.server.dataDir, values.email);
      assert.equal(stored.length, 1);
      const { id: _id, createdAt: _at, ...fields } = stored[0] ?? { id: '', createdAt: '' };
      assert.deepEqual(fields, { ...values, puppy: 'Daisy' });

      const count = (await readInquiriesFile(suite.server.dataDir)).inquiries.length;
      await page.reload();
      assert.equal(await thanksHeading(page).isVisible(), true);
      assert.equal(
        (await readInquiriesFile(suite.server.dataDir)).inquiries.length,
        count,
        'nothing more stored',
      );

      await Promise.all([page.waitForURL(`${suite.server.url}/#contact`), again.click()]);
      assert.deepEqual(await valuesOf(page), emptyForm, 'back to the empty form');
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  test('an invalid form comes back (400) with the messages under the fields and the values kept', async () => {
    const { context, page, problems } = await openPage(suite.browser, noScripts);
    try {
      await page.goto(`${suite.server.url}/`);
      const values = typed('off-bad', { name: 'J', email: 'not-an-email', message: 'Too short' });
      await fill(page, values, 'Luna');
      const [response] = await Promise.all([page.waitForNavigation(), submitButton(page).click()]);
      assert.equal(response?.status(), 400);
      assert.equal(await messageUnder(page, 'name'), 'Name must be at least 2 characters');
      assert.equal(await messageUnder(page, 'email'), 'Please enter a valid email address');
      assert.equal(await messageUnder(page, 'message'), 'Message must be at least 10 characters');
      assert.deepEqual(await valuesOf(page), { ...values, puppy: 'Luna' });
      assert.deepEqual(await storedWithEmail(suite.server.dataDir, values.email), []);
      assert.deepEqual(problems, [
        'error: Failed to load resource: the server responded with a status of 400 (Bad Request)',
      ]);
    } finally {
      await context.close();
    }
  });
});

describe('pages the server renders after a scripts-off post, hydrated with scripts on', () => {
  test('the returned form hydrates as rendered, then validates and sends with scripts', async () => {
    const { context, page, problems, posts } = await openForm();
    try {
      // A native post (as with scripts off) of an invalid form from this page.
      const values = typed('hydrate-bad', { name: 'J' });
      await page.evaluate(
        ({ fields }) => {
          const form = document.createElement('form');
          form.method = 'post';
          form.action = '/#contact';
          for (const [name, value] of Object.entries(fields)) {
            const input = document.createElement('input');
            input.name = name;
            input.value = value;
            form.append(input);
          }
          document.body.append(form);
          HTMLFormElement.prototype.submit.call(form);
        },
        { fields: { ...values, puppy: 'Daisy' } },
      );
      await page.waitForURL(`${suite.server.url}/#contact`);
      await waitForHydration(page);
      assert.equal(await messageUnder(page, 'name'), 'Name must be at least 2 characters');
      assert.deepEqual(await valuesOf(page), { ...values, puppy: 'Daisy' });

      await field(page, 'name').fill('Jane Doe');
      await page.locator('#contact-name-error').waitFor({ state: 'detached' });
      await submitButton(page).click();
      await thanksHeading(page).waitFor();
      assert.deepEqual(posts[0]?.postDataJSON(), { ...values, name: 'Jane Doe', puppy: 'Daisy' });
      // Only the returned page's own 400 status: no hydration mismatch, nothing else.
      assert.deepEqual(problems, [
        'error: Failed to load resource: the server responded with a status of 400 (Bad Request)',
      ]);
    } finally {
      await context.close();
    }
  });

  test('the Thank You page hydrates; its link swaps back to the form and leaves the ?inquiry=sent address', async () => {
    const { context, page, problems } = await openForm(
      viewports.phone,
      suite.server,
      '/?inquiry=sent#contact',
    );
    try {
      assert.equal(await thanksHeading(page).isVisible(), true);
      await page.getByRole('link', { name: 'Send Another Inquiry' }).click();
      await page.locator('#contact form').waitFor();
      assert.equal(page.url(), `${suite.server.url}/#contact`);
      assert.deepEqual(await valuesOf(page), emptyForm);
      assert.equal(await focusedId(page), 'contact-name');
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
