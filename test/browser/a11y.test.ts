/**
 * axe-core (WCAG 2.0/2.1 A and AA rules) in Chromium on every screen and state a visitor or the
 * admin can reach: zero violations. Each scan runs after hydration, after the data has loaded and
 * after every finite animation has ended, so what is checked is what a person sees and hears.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { BrowserContextOptions } from 'playwright-core';
import type { Inquiry } from '../../src/shared/api';
import { postInquiry } from '../helpers/inquiries';
import { ADMIN, assertNoViolations, browserSuite, viewports, waitForHydration } from './helpers';

/** Several kinds of row: with phone and puppy, bare, long, and with line breaks. */
const inquiries = [
  {
    name: 'Ann Example',
    email: 'ann@example.com',
    phone: '555-0100',
    puppy: 'Daisy',
    message: 'Hello there,\nis she still available?',
  },
  { name: 'Bob Example', email: 'bob@example.com', message: 'Just wondering about the next litter.' },
  {
    name: 'Carol Longname-Example',
    email: 'carol.with.a.rather.long.address@example.com',
    puppy: 'Luna',
    message: 'We have a fenced yard and two kids who cannot wait to meet her.',
  },
];

describe('WCAG 2.1 A and AA (axe-core): zero violations', () => {
  const suite = browserSuite({ env: { INQUIRY_RATE_LIMIT: 'off', LOG_LEVEL: 'error' }, admin: true });
  const open = (options?: BrowserContextOptions) => suite.open(options);

  before(async () => {
    for (const inquiry of inquiries) {
      const res = await postInquiry(suite.server.url, inquiry);
      assert.equal(res.status, 201, await res.text());
    }
  });

  async function openLanding(options: BrowserContextOptions) {
    const opened = await open(options);
    await opened.page.goto(`${suite.server.url}/`);
    await waitForHydration(opened.page);
    return opened;
  }

  /** A page signed in through the API (sharing the context's cookies), showing /admin with its data. */
  const openDashboard = (fake?: Inquiry[]) => suite.openDashboard(undefined, fake ? { fake } : {});

  for (const [name, viewport] of Object.entries(viewports)) {
    test(`the landing page on a ${name}`, async () => {
      const { page, problems } = await openLanding(viewport);
      await assertNoViolations(page, `/ (${name})`);
      assert.deepEqual(problems, []);
    });
  }

  test('the landing page on a phone with the menu open', async () => {
    const { page, problems } = await openLanding(viewports.phone);
    await page.getByRole('button', { name: 'Toggle mobile menu' }).click();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Meet the Puppies' })
      .waitFor();
    await assertNoViolations(page, '/ (phone, menu open)');
    assert.deepEqual(problems, []);
  });

  for (const [name, viewport] of Object.entries(viewports)) {
    test(`the lightbox open on a puppy with several photos, on a ${name}`, async () => {
      const { page, problems } = await openLanding(viewport);
      await page.locator('#puppies').getByRole('button', { name: /Daisy/ }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Daisy Photo' });
      await dialog.waitFor();
      await dialog.getByText('1 / 2 Photos').waitFor();
      await dialog.locator('img').evaluate((img: HTMLImageElement) => img.decode());
      await assertNoViolations(page, `/ with the lightbox open (${name})`);
      assert.deepEqual(problems, []);
    });
  }

  test('the contact form showing its messages, then the Thank You panel and toast', async () => {
    const { page, problems } = await openLanding(viewports.desktop);
    const contact = page.locator('#contact');
    await contact.getByRole('button', { name: 'Send Inquiry' }).click();
    await contact.getByText('Name must be at least 2 characters').waitFor();
    await assertNoViolations(page, '/ with the contact form showing its messages');

    await contact.getByLabel('Your Name').fill('Dana Example');
    await contact.getByLabel('Email Address').fill('dana@example.com');
    await contact.getByLabel('Your Message').fill('Could we visit the puppies next Saturday?');
    await contact.getByRole('button', { name: 'Send Inquiry' }).click();
    await contact.getByText('Thank You!').waitFor();
    await page.getByTestId('toast').getByText('Thanks for your inquiry!').waitFor();
    await assertNoViolations(page, '/ with the Thank You panel and toast');
    assert.deepEqual(problems, []);
  });

  test('the admin login page', async () => {
    const { page, problems } = await open();
    await page.goto(`${suite.server.url}/admin/login`);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    await waitForHydration(page);
    await assertNoViolations(page, '/admin/login');
    assert.deepEqual(problems, []);
  });

  test('the admin login page showing the validation messages', async () => {
    const { page, problems } = await open();
    await page.goto(`${suite.server.url}/admin/login`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByText('Password is required').waitFor();
    await assertNoViolations(page, '/admin/login with field errors');
    assert.deepEqual(problems, []);
  });

  test('the admin login page with the "Login failed" toast', async () => {
    const { page, problems } = await open();
    await page.goto(`${suite.server.url}/admin/login`);
    await waitForHydration(page);
    await page.getByLabel('Email').fill(ADMIN);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByTestId('toast').getByText('Login failed', { exact: true }).waitFor();
    await assertNoViolations(page, '/admin/login with the "Login failed" toast');
    // Chromium reports the 401 the test asked for as a console error.
    assert.deepEqual(
      problems.filter((problem) => !problem.includes('status of 401')),
      [],
    );
  });

  test('the dashboard with several inquiries in the table', async () => {
    const { page, problems } = await openDashboard();
    const table = page.getByRole('table');
    for (const { email } of inquiries) await table.getByRole('row').filter({ hasText: email }).waitFor();
    await assertNoViolations(page, '/admin with inquiries');
    assert.deepEqual(problems, []);
  });

  test('the dashboard with the details dialog open', async () => {
    const { page, problems } = await openDashboard();
    const row = page.getByRole('row').filter({ hasText: 'ann@example.com' });
    await row.getByRole('button', { name: 'View Details', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Inquiry Details' });
    await dialog.getByText('Puppy of interest').waitFor();
    await assertNoViolations(page, '/admin with the details dialog open');
    assert.deepEqual(problems, []);
  });

  test('the dashboard with no inquiries (empty state)', async () => {
    const { page, problems } = await openDashboard([]);
    await page.getByText('No inquiries found').waitFor();
    await assertNoViolations(page, '/admin empty state');
    assert.deepEqual(problems, []);
  });

  test('the 404 page', async () => {
    const { page, problems } = await open();
    const res = await page.goto(`${suite.server.url}/no-such-page`);
    assert.equal(res?.status(), 404);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await waitForHydration(page);
    await assertNoViolations(page, 'the 404 page');
    assert.deepEqual(problems, []);
  });
});
