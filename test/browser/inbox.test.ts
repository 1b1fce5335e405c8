/**
 * The breeder's inbox in Chromium, at phone (390 x 844) and desktop widths, against the built
 * server with 120 seeded inquiries (written to inquiries.json before it starts, not posted).
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import type { InboxPage } from '../../src/features/inbox/inbox';
import type { Inquiry } from '../../src/shared/api';
import { signIn as apiSignIn } from '../helpers/admin';
import { EXPECTED_CSV_HEADER, expectedCsvRowOfSeeded } from '../helpers/inquiries';
import { manyInquiries, writeInquiriesFile } from '../helpers/seed';
import {
  ADMIN,
  assertNoViolations,
  type BrowserContextOptions,
  browserSuite,
  PASSWORD,
  type Page,
  viewports,
} from './helpers';

const TITLE = 'Admin Dashboard | Saguaro Doodles';

const hostile: Inquiry = {
  id: '00000000-0000-4000-8000-00000000beef',
  name: 'Zoë "Zo" Ångström',
  email: 'zoe.angstrom@example.com',
  phone: '+1 (928) 555-0199',
  puppy: 'Bella',
  message: '=SUM(A1:A9), then, "quoted"\nsecond line, naïve café\r\nthird line',
  createdAt: new Date(Date.now() - 30_000).toISOString(),
};
const seeded = [...manyInquiries(120, new Date(Date.now() - 60_000)), hostile];
const newestFirst = [...seeded].reverse();

describe('the inbox in a browser', () => {
  // Seeded by writing inquiries.json before the server starts (hooks run in the order given).
  const dataDir = mkdtempSync(path.join(tmpdir(), 'doodles-inbox-browser-'));
  before(() => writeInquiriesFile(dataDir, seeded));
  const suite = browserSuite({ dataDir, admin: true });
  let apiCookie: string;
  before(async () => {
    apiCookie = await apiSignIn(suite.server.url, ADMIN, PASSWORD);
  });
  after(() => rm(dataDir, { recursive: true, force: true }));

  /** The server's own view, to compare the page with. */
  async function inbox(query = ''): Promise<InboxPage> {
    return (await fetch(`${suite.server.url}/api/inbox${query}`, { headers: { Cookie: apiCookie } })).json();
  }

  const openDashboard = (options: BrowserContextOptions) => suite.openDashboard(options, { rows: true });

  const rows = (page: Page) => page.locator('tbody tr');
  const row = (page: Page, id: string) => page.locator(`tr[data-inquiry-id="${id}"]`);
  const newIn = (page: Page, id: string) => row(page, id).getByText('New', { exact: true });
  const showing = (page: Page) => page.getByRole('status').filter({ hasText: /^Showing / });

  for (const [width, options] of Object.entries(viewports)) {
    test(`${width}: first view of 50 with New markers, counts from the server, title, no sideways scroll`, async () => {
      const { page, problems } = await openDashboard(options);
      const expected = await inbox();
      assert.equal(await rows(page).count(), 50);
      await showing(page).getByText(`Showing 50 of ${seeded.length} inquiries`).waitFor();
      await page.getByText(`${expected.unread} new`, { exact: true }).waitFor();
      assert.equal(await page.title(), `(${expected.unread}) ${TITLE}`);
      // The spec's card, caption and columns are all there.
      await page.getByRole('heading', { name: 'Puppy Inquiries' }).waitFor();
      await page.getByText('View and manage all customer inquiries').waitFor();
      await page.getByRole('button', { name: 'Refresh' }).waitFor();
      assert.equal(await page.locator('caption').textContent(), 'List of all inquiries');
      const headers = await page.locator('thead th').allTextContents();
      assert.deepEqual(headers, ['Date', 'Name', 'Email', 'Puppy', 'Actions']);

      for (const item of expected.items.slice(0, 5)) {
        const marker = newIn(page, item.id);
        assert.equal(await marker.count(), item.readAt === null ? 1 : 0, item.name);
        if (item.readAt === null) assert.equal(await marker.isVisible(), true);
      }
      const first = newestFirst[0] as Inquiry;
      const firstRow = row(page, first.id);
      assert.ok((await firstRow.locator('td').nth(1).innerText()).includes(first.name));
      await firstRow.getByText('Bella').waitFor();
      assert.match(
        (await firstRow.locator('td').first().innerText()).trim(),
        /^[A-Z][a-z]{2} \d{1,2}, \d{4}\n\d{1,2}:\d{2} (AM|PM)$/,
      );

      if (width === 'phone') {
        const widths = await page.evaluate(() => ({
          page: document.documentElement.scrollWidth,
          viewport: window.innerWidth,
          list: (document.querySelector('[role="region"]') as HTMLElement).scrollWidth,
          listBox: (document.querySelector('[role="region"]') as HTMLElement).clientWidth,
        }));
        assert.equal(widths.viewport, 390);
        assert.equal(widths.page, 390, 'the page does not scroll sideways');
        assert.equal(widths.list, widths.listBox, 'nor does the list');
        // The name is the control on a phone; it opens the details in one tap.
        await firstRow.getByRole('button', { name: first.name }).waitFor();
        assert.equal(await firstRow.getByRole('button', { name: 'View Details', exact: true }).count(), 0);
      } else {
        await firstRow.getByRole('button', { name: 'View Details', exact: true }).waitFor();
        await firstRow.getByText(first.email).waitFor();
      }
      await assertNoViolations(page, `the inbox with data (${width})`);

      await page.getByRole('button', { name: 'Load more' }).click();
      await showing(page).getByText(`Showing 100 of ${seeded.length} inquiries`).waitFor();
      assert.equal(await rows(page).count(), 100);
      // Focus moves to the first of the new rows, where reading carries on.
      const fifty1st = newestFirst[50] as Inquiry;
      await page.waitForFunction(
        (id) => document.activeElement?.closest('tr')?.getAttribute('data-inquiry-id') === id,
        fifty1st.id,
      );
      assert.deepEqual(problems, []);
    });
  }

  test('phone: the details answer in one tap; opening them marks read on every device', async () => {
    const { page, context, problems } = await openDashboard(viewports.phone);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.server.url });
    const before = await inbox();
    assert.equal(await newIn(page, hostile.id).count(), 1);

    await row(page, hostile.id).getByRole('button', { name: hostile.name }).click();
    const dialog = page.getByRole('dialog', { name: 'Inquiry Details' });
    await dialog.waitFor();
    const reply = dialog.getByRole('link', { name: 'Reply by email' });
    const mailto = (await reply.getAttribute('href')) ?? '';
    const [address, query = ''] = mailto.replace(/^mailto:/, '').split('?');
    assert.equal(address, hostile.email);
    const fields = new URLSearchParams(query.replace(/\+/g, '%2B'));
    assert.equal(fields.get('subject'), 'Your inquiry about Bella');
    assert.match(
      fields.get('body') ?? '',
      /> =SUM\(A1:A9\), then, "quoted"\n> second line, naïve café\n> third line/,
    );
    assert.equal(await dialog.getByRole('link', { name: 'Call' }).getAttribute('href'), 'tel:+19285550199');
    assert.equal(await dialog.getByRole('link', { name: 'Text' }).getAttribute('href'), 'sms:+19285550199');
    await dialog.getByRole('button', { name: 'Copy email' }).click();
    await dialog.getByRole('button', { name: 'Copied' }).waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), hostile.email);
    await assertNoViolations(page, 'the details dialog on a phone');
    await dialog.getByRole('button', { name: 'Close' }).click();

    await newIn(page, hostile.id).waitFor({ state: 'detached' });
    await page.getByText(`${before.unread - 1} new`, { exact: true }).waitFor();
    await page.waitForFunction((title) => document.title === title, `(${before.unread - 1}) ${TITLE}`);

    await page.reload();
    await row(page, hostile.id).waitFor();
    assert.equal(await newIn(page, hostile.id).count(), 0, 'still read after a reload');

    const other = await openDashboard(viewports.desktop);
    await row(other.page, hostile.id).waitFor();
    assert.equal(await newIn(other.page, hostile.id).count(), 0, 'read in another browser too');
    await other.page.getByText(`${before.unread - 1} new`, { exact: true }).waitFor();
    assert.deepEqual([...problems, ...other.problems], []);
  });

  test('desktop: no phone given, no Call or Text; the subject without a puppy', async () => {
    const { page, problems } = await openDashboard(viewports.desktop);
    const bare = newestFirst.find((inquiry) => !inquiry.phone && !inquiry.puppy) as Inquiry;
    await page.getByLabel('Search inquiries').fill(bare.email);
    await rows(page).filter({ hasText: bare.email }).waitFor();
    await row(page, bare.id).getByRole('button', { name: 'View Details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Inquiry Details' });
    await dialog.waitFor();
    assert.match(
      (await dialog.getByRole('link', { name: 'Reply by email' }).getAttribute('href')) ?? '',
      /subject=Your%20puppy%20inquiry&/,
    );
    assert.equal(await dialog.getByRole('link', { name: 'Call' }).count(), 0);
    assert.equal(await dialog.getByRole('link', { name: 'Text' }).count(), 0);
    await assertNoViolations(page, 'the details dialog on a desktop');
    assert.deepEqual(problems, []);
  });

  for (const [width, options] of Object.entries(viewports)) {
    test(`${width}: search and puppy filter combine; no match offers to clear`, async () => {
      const { page, problems } = await openDashboard(options);
      await page.getByLabel('Search inquiries').fill('ZOE angstrom');
      await page.getByLabel('Filter by puppy').selectOption({ label: 'Bella' });
      const expected = newestFirst.filter(
        (inquiry) =>
          inquiry.name.includes('Zoë') && inquiry.name.includes('Ångström') && inquiry.puppy === 'Bella',
      );
      await showing(page).getByText(`Showing ${expected.length} of ${expected.length} inquiries`).waitFor();
      assert.deepEqual(
        await rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-inquiry-id'))),
        expected.map((inquiry) => inquiry.id),
      );
      const choices = await page.getByLabel('Filter by puppy').locator('option').allTextContents();
      assert.deepEqual(choices, ['All puppies', 'Bella', 'Daisy', 'None specified']);

      await page.getByLabel('Filter by puppy').selectOption({ label: 'None specified' });
      await page.getByText('No inquiries match your search').waitFor();
      await assertNoViolations(page, `no match (${width})`);
      await page.getByRole('button', { name: 'Clear search' }).click();
      await showing(page).getByText(`Showing 50 of ${seeded.length} inquiries`).waitFor();
      assert.equal(await page.getByLabel('Search inquiries').inputValue(), '');
      assert.equal(await page.getByLabel('Filter by puppy').inputValue(), 'all');
      assert.deepEqual(problems, []);
    });
  }

  test('Export CSV downloads what the search shows, parsed back equal to what was stored', async () => {
    const { page, problems } = await openDashboard(viewports.phone);
    await page.getByLabel('Search inquiries').fill('zoe');
    const expected = newestFirst.filter((inquiry) => inquiry.name.startsWith('Zoë'));
    await showing(page).getByText(`of ${expected.length} inquiries`).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    assert.match(download.suggestedFilename(), /^inquiries-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile(await download.path());
    assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
    const parsed: string[][] = parse(bytes, { bom: true });
    assert.deepEqual(parsed, [EXPECTED_CSV_HEADER, ...expected.map(expectedCsvRowOfSeeded)]);
    assert.ok(parsed.some((cells) => cells[5] === `'${hostile.message}`));
    assert.deepEqual(problems, []);
  });

  for (const [width, options] of Object.entries(viewports)) {
    test(`${width}: without data, the spec's empty state; axe finds nothing`, async () => {
      const { page, problems } = await suite.openDashboard(options, { fake: [] });
      await page.getByText('No inquiries found').waitFor();
      await page.getByText('New inquiries will appear here when customers submit the contact form').waitFor();
      assert.equal(await page.title(), TITLE);
      assert.equal(await page.getByLabel('Search inquiries').count(), 0);
      await assertNoViolations(page, `the empty inbox (${width})`);
      assert.deepEqual(problems, []);
    });
  }
});
