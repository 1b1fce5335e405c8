/**
 * The contact form when the server says no, in headless Chromium: a real storage failure (503) and
 * the rate limit (429), with scripts and without.
 */
import assert from 'node:assert/strict';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { NO_PREFERENCE } from '../../src/features/inquiries/inquiry-fields';
import { inquiriesFile, storedWithEmail } from '../helpers/inquiries';
import { startServer } from '../helpers/server';
import {
  type BrowserContextOptions,
  browserSuite,
  fill,
  openContactPage,
  openPage,
  type RunningServer,
  submitButton,
  thanksHeading,
  toastText,
  typed,
  valuesOf,
  viewports,
} from './helpers';

const suite = browserSuite({ env: { INQUIRY_RATE_LIMIT: 'off' } });
/** A hydrated page with every inquiry POST and every script it fetched recorded. */
const openForm = (options?: BrowserContextOptions, at: RunningServer = suite.server, path = '/') =>
  openContactPage(suite.browser, `${at.url}${path}`, options);

describe('when storage fails', () => {
  let failing: RunningServer;
  before(async () => {
    failing = await startServer({ env: { INQUIRY_RATE_LIMIT: 'off' } });
  });
  after(() => failing?.stop());

  test('the "Submission Error" toast shows and every field keeps its value', async () => {
    const { context, page, problems, posts } = await openForm(viewports.phone, failing);
    try {
      // The data file turns into a directory: the server cannot write it and answers 503.
      const file = inquiriesFile(failing.dataDir);
      await rm(file, { force: true });
      await mkdir(file);
      await writeFile(path.join(file, 'keep'), '');

      const values = typed('failing');
      await fill(page, values, 'Luna');
      await submitButton(page).click();
      assert.deepEqual(await toastText(page, 'alert'), {
        title: 'Submission Error',
        description: 'There was a problem submitting your inquiry. Please try again.',
      });
      assert.equal(posts.length, 1);
      assert.equal((await posts[0]?.response())?.status(), 503);
      assert.deepEqual(await valuesOf(page), { ...values, puppy: 'Luna' }, 'every field kept');
      assert.equal(await thanksHeading(page).count(), 0, 'still the form');
      assert.equal(await submitButton(page).textContent(), 'Send Inquiry');
      assert.equal(await submitButton(page).isEnabled(), true);
      assert.deepEqual(problems, [
        'error: Failed to load resource: the server responded with a status of 503 (Service Unavailable)',
      ]);
    } finally {
      await context.close();
    }
  });
});

describe('the rate limit (1 inquiry a minute)', () => {
  let limited: RunningServer;
  before(async () => {
    limited = await startServer({ env: { INQUIRY_RATE_LIMIT: '1/1m' } });
  });
  after(() => limited?.stop());

  test("the second submission shows the server's message in the error toast, fields kept", async () => {
    const { context, page, problems } = await openForm(viewports.desktop, limited);
    try {
      await fill(page, typed('limit-1'));
      await submitButton(page).click();
      await thanksHeading(page).waitFor();
      await page.getByRole('button', { name: 'Send Another Inquiry' }).click();

      const values = typed('limit-2');
      await fill(page, values);
      const [response] = await Promise.all([
        page.waitForResponse((res) => new URL(res.url()).pathname === '/api/inquiries'),
        submitButton(page).click(),
      ]);
      assert.equal(response.status(), 429);
      const { message } = (await response.json()) as { message: string };
      assert.ok(message.length > 0);
      assert.deepEqual(await toastText(page, 'alert'), { title: 'Submission Error', description: message });
      assert.deepEqual(await valuesOf(page), { ...values, puppy: NO_PREFERENCE });
      assert.deepEqual(await storedWithEmail(limited.dataDir, values.email), []);
      assert.deepEqual(problems, [
        'error: Failed to load resource: the server responded with a status of 429 (Too Many Requests)',
      ]);
    } finally {
      await context.close();
    }
  });

  test('with scripts off, the limited form comes back with the message above the button', async () => {
    const { context, page, problems } = await openPage(suite.browser, {
      ...viewports.desktop,
      javaScriptEnabled: false,
    });
    try {
      await page.goto(`${limited.url}/`);
      const values = typed('limit-off');
      await fill(page, values);
      const [response] = await Promise.all([page.waitForNavigation(), submitButton(page).click()]);
      assert.equal(response?.status(), 429);
      const alert = page.locator('#contact form [role="alert"]');
      assert.match((await alert.textContent()) ?? '', /Too many inquiries/);
      const above = await page.evaluate(() => {
        const alertBox = document.querySelector('#contact form [role="alert"]')?.getBoundingClientRect();
        const buttonBox = document
          .querySelector('#contact form button[type="submit"]')
          ?.getBoundingClientRect();
        return Boolean(alertBox && buttonBox && alertBox.bottom <= buttonBox.top);
      });
      assert.ok(above, 'above the button');
      assert.deepEqual(await valuesOf(page), { ...values, puppy: NO_PREFERENCE });
      assert.deepEqual(problems, [
        'error: Failed to load resource: the server responded with a status of 429 (Too Many Requests)',
      ]);
    } finally {
      await context.close();
    }
  });
});
