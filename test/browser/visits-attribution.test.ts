/**
 * Each inquiry records where its visit came from, in real Chromium: with scripts (the referring
 * site from the page's beacon, the utm tags of the page that sent it) and without (the tags from
 * the form post's Referer). The spec's inquiry is stored unchanged; the breeder sees "Came from:"
 * in the details and Source and Campaign in the CSV.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { storedWithEmail } from '../helpers/inquiries';
import {
  assertNoViolations,
  type BrowserContextOptions,
  browserSuite,
  fill,
  type Page,
  submitButton,
  thanksHeading,
  typed,
  viewports,
  waitForHydration,
} from './helpers';

const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const suite = browserSuite({ admin: true, env: { INQUIRY_RATE_LIMIT: 'off' } });

const sourcesOnDisk = async (): Promise<Record<string, object>> =>
  JSON.parse(await readFile(path.join(suite.server.dataDir, 'inquiry-sources.json'), 'utf8')).sources;

/** Visits `address` (as a family's browser), sends the form, and returns the stored inquiry's id. */
async function inquireFrom(options: BrowserContextOptions, address: string, label: string, referer?: string) {
  const { context, page, problems } = await suite.open(options);
  const scripts = options.javaScriptEnabled !== false;
  const beacon = scripts
    ? page.waitForResponse((res) => new URL(res.url()).pathname === '/api/visit')
    : Promise.resolve(null);
  await page.goto(`${suite.server.url}${address}`, referer ? { referer } : {});
  if (scripts) {
    await waitForHydration(page);
    assert.equal((await beacon)?.status(), 204);
  }
  const values = typed(label);
  await fill(page, values);
  await submitButton(page).click();
  await thanksHeading(page).waitFor();
  const [stored] = await storedWithEmail(suite.server.dataDir, values.email);
  assert.ok(stored, 'the inquiry is stored');
  // The spec's fields of an inquiry, exactly: the source is kept beside it, not in it.
  const { id: _id, createdAt: _at, ...fields } = stored;
  assert.deepEqual(fields, values);
  assert.deepEqual(problems, []);
  await context.close();
  return { id: stored.id, email: values.email };
}

async function detailsOf(page: Page, email: string) {
  const row = page.getByRole('row').filter({ hasText: email });
  await row.getByRole('button', { name: 'View Details', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Inquiry Details' });
  await dialog.waitFor();
  const line = (await dialog.getByText(/^Came from: /).textContent()) ?? '';
  await dialog.getByRole('button', { name: 'Close' }).click();
  return line;
}

describe('inquiries record where their visit came from', () => {
  test('with and without scripts, shown in the details and exported in the CSV', async () => {
    const facebook = await inquireFrom(
      { ...viewports.desktop, userAgent: DESKTOP_UA },
      '/?utm_source=facebook&utm_medium=social&utm_campaign=spring-litter',
      'fb',
      'https://www.facebook.com/',
    );
    const flyer = await inquireFrom(
      { ...viewports.phone, userAgent: PHONE_UA, javaScriptEnabled: false },
      '/?utm_source=flyer&utm_medium=print&utm_campaign=spring-flyer',
      'flyer',
    );
    const direct = await inquireFrom({ ...viewports.desktop, userAgent: DESKTOP_UA }, '/', 'direct');

    assert.deepEqual(await sourcesOnDisk(), {
      [facebook.id]: {
        referrer: 'facebook.com',
        source: 'facebook',
        medium: 'social',
        campaign: 'spring-litter',
      },
      [flyer.id]: { source: 'flyer', medium: 'print', campaign: 'spring-flyer' },
      [direct.id]: {},
    });

    const { context, page, problems } = await suite.openSignedIn(viewports.desktop);
    await page.goto(`${suite.server.url}/admin`);
    await page.getByRole('row').filter({ hasText: direct.email }).waitFor();
    assert.equal(await detailsOf(page, facebook.email), 'Came from: facebook.com · spring-litter');
    assert.equal(await detailsOf(page, flyer.email), 'Came from: flyer · spring-flyer');
    assert.equal(await detailsOf(page, direct.email), 'Came from: Direct');

    const row = page.getByRole('row').filter({ hasText: facebook.email });
    await row.getByRole('button', { name: 'View Details', exact: true }).click();
    await assertNoViolations(page, 'the details with "Came from"');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

    const csv = await context.request.get(`${suite.server.url}/api/inbox/export.csv`);
    const rows: string[][] = parse(await csv.body(), { bom: true });
    // The two columns after the spec's and the sales flow's (issue 29's "Application" follows them).
    assert.deepEqual(rows[0]?.slice(10, 12), ['Source', 'Campaign']);
    const byEmail = new Map(rows.slice(1).map((cells) => [cells[2], cells.slice(10, 12)]));
    assert.deepEqual(byEmail.get(facebook.email), ['facebook.com', 'spring-litter']);
    assert.deepEqual(byEmail.get(flyer.email), ['flyer', 'spring-flyer']);
    assert.deepEqual(byEmail.get(direct.email), ['Direct', '']);
    assert.deepEqual(problems, []);
  });
});
