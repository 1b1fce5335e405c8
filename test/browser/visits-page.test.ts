/**
 * The Visits page (/admin/visits) in real Chromium: its numbers equal the visits and inquiries
 * the browsers sent, per period, source and campaign; the chart (uPlot, loaded on this page only)
 * fits a 390 px phone, with the same numbers in a table; axe finds nothing; the API is admin-only.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  assertNoViolations,
  type BrowserContextOptions,
  browserSuite,
  fill,
  submitButton,
  thanksHeading,
  typed,
  viewports,
  waitForHydration,
} from './helpers';

const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

const suite = browserSuite({ admin: true, env: { INQUIRY_RATE_LIMIT: 'off' } });

/** A family's visit of `address` (its beacon answered), with an inquiry if `inquire`. */
async function visit(options: BrowserContextOptions, address: string, referer?: string, inquire = false) {
  const { context, page, problems } = await suite.open(options);
  const beacon = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/visit');
  await page.goto(`${suite.server.url}${address}`, referer ? { referer } : {});
  await waitForHydration(page);
  assert.equal((await beacon).status(), 204);
  if (inquire) {
    await fill(page, typed('visits-page'));
    await submitButton(page).click();
    await thanksHeading(page).waitFor();
  }
  assert.deepEqual(problems, []);
  await context.close();
}

const cells = (rows: string[][]) => rows.map((row) => row.map((cell) => cell.trim()));

describe('the Visits page', () => {
  test('the API is for the signed-in breeder only, and a bad period is a 400', async () => {
    const url = `${suite.server.url}/api/visits?period=today`;
    assert.equal((await fetch(url)).status, 401);
    const signedOut = await fetch(`${suite.server.url}/admin/visits`, { redirect: 'manual' });
    assert.deepEqual([signedOut.status, signedOut.headers.get('location')], [303, '/admin/login']);
    const { context } = await suite.openSignedIn();
    assert.equal((await context.request.get(url)).status(), 200);
    const bad = await context.request.get(`${suite.server.url}/api/visits?period=forever`);
    assert.equal(bad.status(), 400);
    assert.match(((await bad.json()) as { message: string }).message, /today, 7d, 30d, 12m/);
    const crossSite = await context.request.get(url, { headers: { 'Sec-Fetch-Site': 'cross-site' } });
    assert.equal(crossSite.status(), 403);
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/admin/visits`);
    assert.equal(new URL(page.url()).pathname, '/admin/visits');
  });

  test('its numbers are what the browsers sent; chart and tables at 390 px; axe finds nothing', async () => {
    await visit(
      { ...viewports.desktop, userAgent: DESKTOP_UA },
      '/?utm_campaign=spring-litter',
      'https://www.facebook.com/',
    );
    await visit(
      { ...viewports.desktop, userAgent: DESKTOP_UA },
      '/?utm_campaign=spring-litter',
      'https://www.facebook.com/',
    );
    await visit(
      { ...viewports.phone, userAgent: PHONE_UA },
      '/?utm_source=flyer&utm_campaign=spring-flyer',
      undefined,
      true,
    );

    for (const [width, options] of Object.entries(viewports)) {
      const { page, problems } = await suite.openSignedIn(options);
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await page.goto(`${suite.server.url}/admin`);
      const link = page.getByRole('link', { name: 'View visits' });
      await link.waitFor();
      assert.equal(
        scripts.filter((path) => path.includes('uPlot')).length,
        0,
        'no chart code on the dashboard',
      );
      await link.click();
      await page.getByRole('heading', { level: 1, name: 'Visits' }).waitFor();
      assert.equal(new URL(page.url()).pathname, '/admin/visits');
      assert.equal(await page.title(), 'Visits | Saguaro Doodles');

      await page.getByRole('button', { name: 'Today' }).click();
      await page.getByRole('heading', { level: 2, name: 'Today' }).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Today' }).getAttribute('aria-pressed'), 'true');
      const stats = await page
        .locator('dl > div')
        .evaluateAll((items) =>
          items.map((item) => [...item.children].map((child) => child.textContent ?? '')),
        );
      assert.deepEqual(stats, [
        ['Visitors', '2', 'new vs. yesterday (0)'],
        ['Page views', '3', 'new vs. yesterday (0)'],
        ['Inquiries', '1', 'new vs. yesterday (0)'],
        ['Conversion rate', '50%', 'no change'],
      ]);

      const table = (name: string) =>
        page
          .getByRole('table', { name })
          .locator('tr')
          .evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent ?? '')));
      assert.deepEqual(cells(await table('Top sources')), [
        ['Source', 'Visitors', 'Inquiries', 'Conversion rate'],
        // Most visitors first; as many, the one with more inquiries.
        ['flyer', '1', '1', '100%'],
        ['facebook.com', '1', '0', '0%'],
      ]);
      assert.deepEqual(cells(await table('Top campaigns')), [
        ['Campaign', 'Visitors', 'Inquiries', 'Conversion rate'],
        ['spring-flyer', '1', '1', '100%'],
        ['spring-litter', '1', '0', '0%'],
      ]);
      const perDay = cells(await table('Visitors and inquiries per day'));
      assert.deepEqual(perDay.slice(0, 1), [['Day', 'Visitors', 'Inquiries']]);
      assert.deepEqual(perDay[1]?.slice(1), ['2', '1']);

      // The chart: drawn by uPlot, fetched for this page, as wide as its box and no wider than the screen.
      const canvas = page.locator('[data-chart="visits"] canvas');
      await canvas.waitFor();
      assert.ok(
        scripts.some((path) => path.includes('uPlot')),
        'the chart chunk was loaded here',
      );
      const box = await canvas.boundingBox();
      const viewport = page.viewportSize();
      assert.ok(
        box && viewport && box.x >= 0 && box.x + box.width <= viewport.width,
        `${width}: the chart fits`,
      );
      assert.ok(box && box.width >= 260, `${width}: the chart is drawn at ${box?.width}px`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${width}: no sideways scrolling (${overflow}px)`);

      await page.getByRole('button', { name: 'Last 7 days' }).click();
      await page.getByRole('heading', { level: 2, name: 'Last 7 days' }).waitFor();
      assert.equal(cells(await table('Visitors and inquiries per day')).length, 8);
      await page.getByRole('button', { name: 'Last 12 months' }).click();
      await page.getByRole('heading', { level: 2, name: 'Visitors and inquiries per month' }).waitFor();
      const months = cells(await table('Visitors and inquiries per month'));
      assert.equal(months.length, 13);
      assert.deepEqual(months[1]?.slice(1), ['2', '1']);
      await assertNoViolations(page, `the Visits page (${width})`);
      assert.deepEqual(problems, []);
    }
  });
});
