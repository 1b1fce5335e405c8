import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { BrowserContext, BrowserContextOptions, Route } from 'playwright-core';
import type { Inquiry } from '../src/shared/api';
import type { AssetManifest } from '../src/shared/asset-manifest';
import { createAdmin } from './helpers/admin';
import { type Browser, launchBrowser, openPage, type Page, viewports } from './helpers/browser';
import { postInquiry } from './helpers/inquiries';
import { distDir, type RunningServer, startServer } from './helpers/server';

const ADMIN = 'breeder@example.com';
const PASSWORD = 'correct horse battery';

/** Chromium reports an answer the test asked for (a 401, a 500) as a console error: those are expected. */
const expectedLoadError = (status: number) => (problem: string) =>
  !problem.includes(`Failed to load resource: the server responded with a status of ${status}`);

const fixtures: Inquiry[] = [
  {
    id: 'with-everything',
    name: 'Ann Example',
    email: 'ann@example.com',
    phone: '555-0100',
    puppy: 'Daisy',
    message: 'Hello there,\nis she still available?',
    createdAt: '2025-05-01T03:04:00.000Z',
  },
  {
    id: 'bare',
    name: 'Bob Example',
    email: 'bob@example.com',
    message: 'Just wondering about the next litter.',
    createdAt: '2025-04-20T18:30:00.000Z',
  },
];

/** Answers /api/inquiries with `body` (and `status`) instead of the server. */
function fakeInquiries(page: Page, body: unknown, status = 200) {
  return page.route('**/api/inquiries', (route) =>
    route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) }),
  );
}

/** Holds matching requests until `release` is called: shows what the page does while waiting. */
async function hold(page: Page, pattern: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Counts the page's requests to one API path. */
function countRequests(page: Page, pathname: string) {
  const counter = { count: 0 };
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === pathname) counter.count += 1;
  });
  return counter;
}

/** Waits until React has hydrated the element (its event handlers are attached). */
async function waitForHydration(page: Page, selector: string) {
  await page.waitForFunction((sel) => {
    const element = document.querySelector(sel);
    return Boolean(element && Object.keys(element).some((key) => key.startsWith('__reactProps')));
  }, selector);
}

describe('the admin screens in a browser', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  before(async () => {
    // Chromium first: if it is missing, no server is left running to hold the test process open.
    browser = await launchBrowser();
    server = await startServer({ env: { INQUIRY_RATE_LIMIT: 'off' } });
    await createAdmin(server.dataDir, ADMIN, PASSWORD);
  });
  after(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
    await server?.stop();
  });

  async function open(options: BrowserContextOptions = viewports.desktop) {
    const opened = await openPage(browser, options);
    contexts.push(opened.context);
    return opened;
  }

  /** A page whose context is already signed in (through the API, sharing the context's cookies). */
  async function openSignedIn(options: BrowserContextOptions = viewports.desktop) {
    const opened = await open(options);
    const res = await opened.context.request.post(`${server.url}/api/login`, {
      data: { username: ADMIN, password: PASSWORD },
    });
    assert.equal(res.status(), 200);
    return opened;
  }

  async function openLogin(options?: BrowserContextOptions) {
    const opened = await open(options);
    await opened.page.goto(`${server.url}/admin/login`);
    await waitForHydration(opened.page, 'form');
    return opened;
  }

  async function openDashboard(page: Page) {
    await page.goto(`${server.url}/admin`);
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
  }

  test('the login page shows each validation message, and clears it once the field is filled', async () => {
    const { page, problems } = await openLogin();
    assert.equal(await page.getByRole('heading', { name: 'Admin Login' }).count(), 1);
    await page.getByText('Enter your credentials to access the admin area').waitFor();
    const link = page.getByRole('link', { name: 'Return to website' });
    assert.equal(await link.getAttribute('href'), '/');

    const logins = countRequests(page, '/api/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
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
    await page.getByRole('button', { name: 'Sign In' }).click();
    const toast = page.getByTestId('toast');
    await toast.getByText('Login failed', { exact: true }).waitFor();
    await toast.getByText('Invalid username or password', { exact: true }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/admin/login');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
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
    await page.getByRole('button', { name: 'Sign In' }).click();
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
      await page.getByRole('button', { name: 'Sign In' }).click();
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

  test('while the inquiries load the card shows a spinner', async () => {
    const { page, problems } = await openSignedIn();
    const release = await hold(page, '**/api/inquiries');
    await page.goto(`${server.url}/admin`);
    const spinner = page.getByRole('status').filter({ hasText: 'Loading inquiries' });
    await spinner.waitFor();
    release();
    await spinner.waitFor({ state: 'detached' });
    assert.deepEqual(problems, []);
  });

  test('a failing list shows the "Error loading inquiries" alert with the error, after one retry', async () => {
    const { page, problems } = await openSignedIn();
    const calls = countRequests(page, '/api/inquiries');
    await fakeInquiries(page, { message: 'Storage is unavailable' }, 500);
    await openDashboard(page);
    const alert = page.getByRole('alert').filter({ hasText: 'Error loading inquiries' });
    await alert.waitFor();
    assert.match((await alert.textContent()) ?? '', /500: \{"message":"Storage is unavailable"\}/);
    assert.equal(calls.count, 2, 'the first try and one retry');
    assert.deepEqual(problems.filter(expectedLoadError(500)), []);
  });

  test("a network failure shows the alert with the browser's message", async () => {
    const { page, problems } = await openSignedIn();
    await page.route('**/api/inquiries', (route) => route.abort('connectionreset'));
    await openDashboard(page);
    const alert = page.getByRole('alert').filter({ hasText: 'Error loading inquiries' });
    await alert.waitFor();
    assert.match((await alert.textContent()) ?? '', /Failed to fetch/);
    assert.deepEqual(
      problems.filter((problem) => !problem.includes('net::ERR_CONNECTION_RESET')),
      [],
    );
  });

  test('no inquiries shows the empty state', async () => {
    const { page, problems } = await openSignedIn();
    await fakeInquiries(page, []);
    await openDashboard(page);
    await page.getByText('No inquiries found').waitFor();
    await page.getByText('New inquiries will appear here when customers submit the contact form').waitFor();
    assert.equal(await page.locator('table').count(), 0);
    assert.deepEqual(problems, []);
  });

  for (const [name, viewport] of Object.entries(viewports)) {
    test(`the table on a ${name}: caption, columns, newest first, badge or "None specified"`, async () => {
      const { page, problems } = await openSignedIn({ ...viewport, timezoneId: 'UTC' });
      await fakeInquiries(page, fixtures);
      await openDashboard(page);
      const table = page.getByRole('table');
      await table.waitFor();
      assert.equal(await table.locator('caption').textContent(), 'List of all inquiries');
      assert.deepEqual(await table.locator('thead th').allTextContents(), [
        'Date',
        'Name',
        'Email',
        'Puppy',
        'Actions',
      ]);
      const rows = table.locator('tbody tr');
      assert.equal(await rows.count(), 2);
      assert.deepEqual(await rows.nth(0).locator('td').nth(1).textContent(), 'Ann Example');
      assert.deepEqual(await rows.nth(0).locator('td').nth(2).textContent(), 'ann@example.com');
      assert.deepEqual(await rows.nth(0).locator('td').nth(3).textContent(), 'Daisy');
      assert.deepEqual(await rows.nth(1).locator('td').nth(3).textContent(), 'None specified');
      assert.equal(await rows.getByRole('button', { name: 'View Details' }).count(), 2);
      assert.deepEqual(problems, []);
    });
  }

  for (const [timezoneId, day, time, full] of [
    ['America/Phoenix', 'Apr 30, 2025', '8:04 PM', 'April 30, 2025 at 8:04 PM'],
    ['Asia/Tokyo', 'May 1, 2025', '12:04 PM', 'May 1, 2025 at 12:04 PM'],
  ] as const) {
    test(`dates show as "MMM d, yyyy" over "h:mm a" in the viewer's time zone (${timezoneId})`, async () => {
      const { page, problems } = await openSignedIn({ ...viewports.desktop, timezoneId });
      await fakeInquiries(page, fixtures);
      await openDashboard(page);
      const cell = page.getByRole('table').locator('tbody tr').first().locator('td').first();
      await cell.waitFor();
      assert.deepEqual(await cell.locator('div').allTextContents(), [day, time]);
      await page.getByRole('button', { name: 'View Details' }).first().click();
      await page.getByRole('dialog').getByText(`Submitted on ${full}`).waitFor();
      assert.deepEqual(problems, []);
    });
  }

  test('the details dialog shows phone and puppy only when given; it traps focus and gives it back', async () => {
    const { page, problems } = await openSignedIn();
    await fakeInquiries(page, fixtures);
    await openDashboard(page);
    const buttons = page.getByRole('button', { name: 'View Details' });

    await buttons.nth(0).click();
    const dialog = page.getByRole('dialog', { name: 'Inquiry Details' });
    await dialog.waitFor();
    assert.equal(await dialog.getAttribute('aria-modal'), 'true');
    const facts = await dialog.locator('dt').allTextContents();
    assert.deepEqual(facts, ['Customer', 'Email', 'Phone', 'Puppy of interest']);
    assert.deepEqual(await dialog.locator('dd').allTextContents(), [
      'Ann Example',
      'ann@example.com',
      '555-0100',
      'Daisy',
    ]);
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
    assert.equal(await dialog.evaluate((node) => node.contains(document.activeElement)), true);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await buttons.nth(0).evaluate((button) => button === document.activeElement), true);

    await buttons.nth(1).click();
    await dialog.waitFor();
    assert.deepEqual(await dialog.locator('dt').allTextContents(), ['Customer', 'Email']);
    assert.equal(await dialog.getByText('Phone').count(), 0);
    assert.equal(await dialog.getByText('Puppy of interest').count(), 0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await buttons.nth(1).evaluate((button) => button === document.activeElement), true);
    assert.deepEqual(problems, []);
  });

  test('a multi-line message keeps its lines, and typed markup shows as text and never runs', async () => {
    const message = 'First line\nSecond line <script>alert(1)</script>\n<img src=x onerror="alert(2)">';
    const name = '<b>Mallory</b>';
    const stored = await postInquiry(server.url, { name, email: 'mallory@example.com', message });
    assert.equal(stored.status, 201);

    const { page, problems } = await openSignedIn();
    const dialogs: string[] = [];
    page.on('dialog', async (dialog) => {
      dialogs.push(dialog.message());
      await dialog.dismiss();
    });
    await openDashboard(page);
    const row = page.getByRole('row').filter({ hasText: 'mallory@example.com' });
    await row.waitFor();
    assert.equal(await row.locator('td').nth(1).textContent(), name);
    await row.getByRole('button', { name: 'View Details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Inquiry Details' });
    const shown = dialog.getByText('First line');
    await shown.waitFor();
    assert.equal(await shown.textContent(), message);
    assert.equal(await shown.evaluate((node) => (node as HTMLElement).innerText), message, 'lines kept');
    assert.equal(await page.locator('#root script, body > div script, img[src="x"], b').count(), 0);
    assert.deepEqual(dialogs, []);
    assert.deepEqual(problems, []);
  });

  test('the list reloads on Refresh and when the window regains focus; the user is not re-asked', async () => {
    const { page, problems } = await openSignedIn();
    const inquiries = countRequests(page, '/api/inquiries');
    const user = countRequests(page, '/api/user');
    await fakeInquiries(page, fixtures);
    await openDashboard(page);
    await page.getByRole('table').waitFor();
    assert.equal(inquiries.count, 1);

    const reload = () =>
      page.waitForResponse((res) => new URL(res.url()).pathname === '/api/inquiries', { timeout: 5000 });
    let reloaded = reload();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await reloaded;
    assert.equal(inquiries.count, 2);

    // What the browser sends when the tab comes back to the front.
    reloaded = reload();
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
    await reloaded;
    assert.equal(inquiries.count, 3);
    assert.equal(user.count, 1, 'the current user is never stale (spec defaults)');
    assert.deepEqual(problems, []);
  });

  test('logout shows a spinner, the "Logged out" toast, and the login page; /admin is closed again', async () => {
    const { page, problems } = await openSignedIn();
    await fakeInquiries(page, []);
    await openDashboard(page);
    const release = await hold(page, '**/api/logout');
    await page.getByRole('button', { name: 'Logout' }).click();
    const pending = page.locator('button[aria-busy="true"]', { hasText: 'Logout' });
    await pending.waitFor();
    assert.equal(await pending.isDisabled(), true);
    release();

    const toast = page.getByTestId('toast');
    await toast.getByText('Logged out', { exact: true }).waitFor();
    await toast.getByText('You have been logged out successfully', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/admin/login');

    await page.goto(`${server.url}/admin`);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/admin/login');
    assert.deepEqual(problems, []);
  });

  test('a failed logout shows "Logout failed" with the error and keeps the dashboard', async () => {
    const { page, problems } = await openSignedIn();
    await fakeInquiries(page, []);
    await openDashboard(page);
    await page.route('**/api/logout', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Try later"}' }),
    );
    await page.getByRole('button', { name: 'Logout' }).click();
    const toast = page.getByTestId('toast');
    await toast.getByText('Logout failed', { exact: true }).waitFor();
    await toast.getByText('503: {"message":"Try later"}', { exact: true }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/admin');
    assert.deepEqual(problems.filter(expectedLoadError(503)), []);
  });

  test('a signed-out visitor of /admin lands on the login page', async () => {
    const { page, problems } = await open();
    await page.goto(`${server.url}/admin`);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/admin/login');
    assert.deepEqual(problems, []);
  });

  test('in the browser, /admin shows a spinner while the user loads and leaves when there is none', async () => {
    const { page, problems } = await openSignedIn();
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    // The session ends between the page and the user check (e.g. a password change elsewhere).
    await page.route('**/api/user', async (route) => {
      await answered;
      await route.fulfill({ status: 401, contentType: 'application/json', body: '{"message":"no"}' });
    });
    await page.goto(`${server.url}/admin`);
    await page.getByRole('status').filter({ hasText: 'Checking your session' }).waitFor();
    answer();
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/admin/login');
    assert.deepEqual(problems.filter(expectedLoadError(401)), []);
  });

  test('a signed-in visitor of /admin/login is sent to the dashboard', async () => {
    const { page, problems } = await openSignedIn();
    await fakeInquiries(page, []);
    await page.goto(`${server.url}/admin/login`);
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/admin');
    assert.deepEqual(problems, []);
  });

  test('the public page downloads none of the admin code or styles', async () => {
    const manifest = JSON.parse(await readFile(path.join(distDir, 'manifest.json'), 'utf8')) as AssetManifest;
    const adminFiles = [...manifest.admin.scripts, ...manifest.admin.styles];
    assert.ok(manifest.admin.scripts.length > 0, 'the build has an admin chunk');

    const { page, problems } = await open();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`${server.url}/`);
    await page.waitForLoadState('networkidle');
    assert.ok(requested.includes(manifest.entry));
    assert.deepEqual(
      requested.filter((file) => adminFiles.includes(file)),
      [],
    );
    assert.deepEqual(problems, []);

    // And the admin chunk is what the admin pages load.
    const adminPage = await open();
    const adminRequests: string[] = [];
    adminPage.page.on('request', (request) => adminRequests.push(new URL(request.url()).pathname));
    await adminPage.page.goto(`${server.url}/admin/login`);
    await adminPage.page.waitForLoadState('networkidle');
    for (const file of adminFiles) assert.ok(adminRequests.includes(file), file);
  });
});
