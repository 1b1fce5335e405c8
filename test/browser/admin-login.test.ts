/**
 * The admin login page in headless Chromium: validation, a wrong password, a lock-out, signing in
 * at a phone and a desktop viewport, and a signed-in visitor sent on to the dashboard.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  ADMIN,
  type BrowserContextOptions,
  browserSuite,
  countRequests,
  expectedLoadError,
  fakeInquiries,
  gotoHydrated,
  hold,
  PASSWORD,
  viewports,
} from './helpers';

describe('the admin login page in a browser', () => {
  const suite = browserSuite({ env: { INQUIRY_RATE_LIMIT: 'off' }, admin: true });
  const open = (options?: BrowserContextOptions) => suite.open(options);

  const { openSignedIn } = suite;

  async function openLogin(options?: BrowserContextOptions) {
    const opened = await open(options);
    await gotoHydrated(opened.page, `${suite.server.url}/admin/login`);
    return opened;
  }

  test('the login page shows each validation message, and clears it once the field is filled', async () => {
    const { page, problems } = await openLogin();
    assert.equal(await page.getByRole('heading', { name: 'Admin Login' }).count(), 1);
    await page.getByText('Enter your credentials to access the admin area').waitFor();
    const link = page.getByRole('link', { name: 'Return to website' });
    assert.equal(await link.getAttribute('href'), '/');

    const logins = countRequests(page, '/api/login');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByText('Email is required').waitFor();
    await page.getByText('Password is required').waitFor();
    const email = page.getByLabel('Email');
    assert.equal(await email.getAttribute('aria-invalid'), 'true');
    const describedBy = await email.getAttribute('aria-describedby');
    assert.equal(await page.locator(`#${describedBy}`).textContent(), 'Email is required');
    assert.equal(await email.evaluate((input) => input === document.activeElement), true);

    await email.fill(ADMIN);
    await page.getByText('Email is required').waitFor({ state: 'detached' });
    assert.equal(await page.getByText('Password is required').count(), 1);
    await page.getByLabel('Password').fill('x');
    await page.getByText('Password is required').waitFor({ state: 'detached' });
    await page.getByLabel('Password').fill('');
    await page.getByText('Password is required').waitFor();
    assert.equal(logins.count, 0, 'nothing is sent while a field is invalid');
    assert.deepEqual(problems, []);
  });

  test('a wrong password shows the "Login failed" toast and stays on the login page', async () => {
    const { page, problems } = await openLogin();
    await page.getByLabel('Email').fill(ADMIN);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    const toast = page.getByTestId('toast');
    await toast.getByText('Login failed', { exact: true }).waitFor();
    await toast.getByText('Invalid username or password', { exact: true }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/admin/login');
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    assert.deepEqual(problems.filter(expectedLoadError(401)), []);
  });

  test('a locked-out sign-in says when to try again instead of the generic message', async () => {
    const { page, problems } = await openLogin();
    await page.route('**/api/login', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        headers: { 'Retry-After': '600' },
        body: JSON.stringify({ message: 'Too many failed sign-in attempts.', retryAfter: 600 }),
      }),
    );
    await page.getByLabel('Email').fill(ADMIN);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    const toast = page.getByTestId('toast');
    await toast.getByText('Login failed', { exact: true }).waitFor();
    const text = await toast.textContent();
    assert.match(text ?? '', /Try again in 10 minutes, at \d{1,2}:\d{2} (AM|PM)\./);
    assert.doesNotMatch(text ?? '', /Invalid username or password/);
    assert.deepEqual(problems.filter(expectedLoadError(429)), []);
  });

  for (const [name, viewport] of Object.entries(viewports)) {
    test(`signing in on a ${name} shows "Signing in..." then the dashboard`, async () => {
      const { page, problems } = await openLogin(viewport);
      await page.getByLabel('Email').fill(ADMIN);
      await page.getByLabel('Password').fill(PASSWORD);
      const release = await hold(page, '**/api/login');
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      const pending = page.getByRole('button', { name: 'Signing in...' });
      await pending.waitFor();
      assert.equal(await pending.isDisabled(), true);
      assert.equal(await pending.locator('[aria-hidden="true"]').count(), 1, 'a spinner');
      release();

      const toast = page.getByTestId('toast');
      await toast.getByText('Login successful', { exact: true }).waitFor();
      await toast.getByText('Welcome back!', { exact: true }).waitFor();
      await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
      assert.equal(new URL(page.url()).pathname, '/admin');
      await page.getByText('Administrator', { exact: true }).waitFor();
      await page.getByText(ADMIN, { exact: true }).waitFor();
      const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
      assert.equal(await crumbs.getByRole('link', { name: 'Home' }).getAttribute('href'), '/');
      assert.equal(await crumbs.locator('[aria-current="page"]').textContent(), 'Admin');
      await page.getByRole('heading', { name: 'Puppy Inquiries' }).waitFor();
      await page.getByText('View and manage all customer inquiries').waitFor();
      assert.deepEqual(problems, []);
    });
  }

  test('a signed-in visitor of /admin/login is sent to the dashboard', async () => {
    const { page, problems } = await openSignedIn();
    await fakeInquiries(page, []);
    await page.goto(`${suite.server.url}/admin/login`);
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/admin');
    assert.deepEqual(problems, []);
  });
});
