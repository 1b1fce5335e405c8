/**
 * The dashboard's inquiries in headless Chromium: loading, errors, the empty state, the table, the
 * dates in the viewer's time zone, the details dialog, and reloading.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { postInquiry } from '../helpers/inquiries';
import {
  type BrowserContextOptions,
  breakInquiries,
  browserSuite,
  countRequests,
  expectedLoadError,
  fakeInquiries,
  fixtures,
  hold,
  type Page,
  viewports,
} from './helpers';

/** The name shown in a row, whichever of its two forms (text, or on a phone a button) this width shows. */
const nameIn = (row: ReturnType<Page['locator']>) =>
  row.locator('td').nth(1).locator('[id$="-name"]').textContent();

describe("the dashboard's inquiries in a browser", () => {
  const suite = browserSuite({ env: { INQUIRY_RATE_LIMIT: 'off' }, admin: true });
  const _open = (options?: BrowserContextOptions) => suite.open(options);

  const { openSignedIn, gotoDashboard: openDashboard } = suite;

  test('while the inquiries load the card shows a spinner', async () => {
    const { page, problems } = await openSignedIn();
    const release = await hold(page, '**/api/inbox');
    await page.goto(`${suite.server.url}/admin`);
    const spinner = page.getByRole('status').filter({ hasText: 'Loading inquiries' });
    await spinner.waitFor();
    release();
    await spinner.waitFor({ state: 'detached' });
    assert.deepEqual(problems, []);
  });

  test('a failing list shows the "Error loading inquiries" alert with the error, after one retry', async () => {
    const { page, problems } = await openSignedIn();
    const calls = countRequests(page, '/api/inbox');
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
    await breakInquiries(page);
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
      assert.deepEqual(await nameIn(rows.nth(0)), 'Ann Example');
      assert.deepEqual(await rows.nth(0).locator('td').nth(2).textContent(), 'ann@example.com');
      assert.deepEqual(await rows.nth(0).locator('td').nth(3).textContent(), 'Daisy');
      assert.deepEqual(await rows.nth(1).locator('td').nth(3).textContent(), 'None specified');
      // On a phone the name opens the details (Email and Actions do not fit 390 px); else "View Details".
      const opener = name === 'phone' ? /^View details of / : /^View Details$/;
      assert.equal(await rows.getByRole('button', { name: opener }).count(), 2);
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
      await page.getByRole('button', { name: 'View Details', exact: true }).first().click();
      await page.getByRole('dialog').getByText(`Submitted on ${full}`).waitFor();
      assert.deepEqual(problems, []);
    });
  }

  test('the details dialog shows phone and puppy only when given; it traps focus and gives it back', async () => {
    const { page, problems } = await openSignedIn();
    await fakeInquiries(page, fixtures);
    await openDashboard(page);
    const buttons = page.getByRole('button', { name: 'View Details', exact: true });

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
    const stored = await postInquiry(suite.server.url, { name, email: 'mallory@example.com', message });
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
    assert.equal(await nameIn(row), name);
    await row.getByRole('button', { name: 'View Details', exact: true }).click();
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
    const inquiries = countRequests(page, '/api/inbox');
    const user = countRequests(page, '/api/user');
    await fakeInquiries(page, fixtures);
    await openDashboard(page);
    await page.getByRole('table').waitFor();
    assert.equal(inquiries.count, 1);

    const reload = () =>
      page.waitForResponse((res) => new URL(res.url()).pathname === '/api/inbox', { timeout: 5000 });
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
});
