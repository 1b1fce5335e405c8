/**
 * The admin session in headless Chromium: logout, a failed logout, a signed-out visitor of /admin,
 * and the public page downloading none of the admin code.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, test } from 'node:test';
import type { AssetManifest } from '../../src/shared/asset-manifest';
import { distDir } from '../helpers/server';
import { type BrowserContextOptions, browserSuite, expectedLoadError, fakeInquiries, hold } from './helpers';

describe('the admin session in a browser', () => {
  const suite = browserSuite({ env: { INQUIRY_RATE_LIMIT: 'off' }, admin: true });
  const open = (options?: BrowserContextOptions) => suite.open(options);

  const { openSignedIn, gotoDashboard: openDashboard } = suite;

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

    await page.goto(`${suite.server.url}/admin`);
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
    await page.goto(`${suite.server.url}/admin`);
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
    await page.goto(`${suite.server.url}/admin`);
    await page.getByRole('status').filter({ hasText: 'Checking your session' }).waitFor();
    answer();
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/admin/login');
    assert.deepEqual(problems.filter(expectedLoadError(401)), []);
  });

  test('a signed-in visitor of /admin/login is sent to the dashboard', async () => {
    const { page, problems } = await openSignedIn();
    await fakeInquiries(page, []);
    await page.goto(`${suite.server.url}/admin/login`);
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
    await page.goto(`${suite.server.url}/`);
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
    await adminPage.page.goto(`${suite.server.url}/admin/login`);
    await adminPage.page.waitForLoadState('networkidle');
    for (const file of adminFiles) assert.ok(adminRequests.includes(file), file);
  });
});
