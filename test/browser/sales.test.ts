/**
 * The sales flow in Chromium, at phone (390 x 844) and desktop widths, against the built server:
 * an inquiry's status and the breeder's notes in its details, the status filter with its counts,
 * the notes found by the search.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { PuppyList } from '../../src/features/puppies/puppies';
import { signIn as apiSignIn } from '../helpers/admin';
import { postInquiry, uniqueInquiry } from '../helpers/inquiries';
import { inquireAbout, visitorView } from '../helpers/puppies';
import { openDetails } from './family-helpers';
import {
  ADMIN,
  assertNoViolations,
  type BrowserContextOptions,
  browserSuite,
  gotoHydrated,
  PASSWORD,
  type Page,
  toastText,
  viewports,
  waitForHydration,
} from './helpers';

describe('the sales flow in a browser', () => {
  const suite = browserSuite({ admin: true, env: { INQUIRY_RATE_LIMIT: 'off' } });

  const openDashboard = (options: BrowserContextOptions) => suite.openDashboard(options, { rows: true });

  for (const [width, options] of Object.entries(viewports)) {
    test(`${width}: Status and notes in the details, the status filter with counts, notes found by search`, async () => {
      const family = `Family ${width} ${Math.random().toString(36).slice(2, 7)}`;
      const res = await postInquiry(suite.server.url, { ...uniqueInquiry(width), name: family });
      assert.equal(res.status, 201);
      const { page, problems } = await openDashboard(options);

      const dialog = await openDetails(page, family);
      const status = dialog.getByLabel('Status', { exact: true });
      assert.equal(await status.inputValue(), 'new');
      await status.selectOption({ label: 'Contacted' });
      assert.equal((await toastText(page, 'status')).title, 'Saved');
      assert.equal(await status.inputValue(), 'contacted');

      await dialog.getByRole('button', { name: 'Add note' }).click();
      await dialog.getByText('Write the note').waitFor();
      const noteWord = `papaya${width}`;
      await dialog.getByLabel('New note').fill(`First call went well`);
      await dialog.getByRole('button', { name: 'Add note' }).click();
      const noteList = dialog.getByTestId('sale-notes');
      await noteList.getByText('First call went well').waitFor();
      await dialog.getByLabel('New note').fill(`Wants the ${noteWord} collar`);
      await dialog.getByRole('button', { name: 'Add note' }).click();
      await noteList.getByText(`Wants the ${noteWord} collar`).waitFor();
      const notes = await noteList.locator('li p').allTextContents();
      assert.deepEqual(notes, [`Wants the ${noteWord} collar`, 'First call went well'], 'newest first');
      assert.equal(await dialog.getByLabel('New note').inputValue(), '', 'the field is emptied once saved');
      await assertNoViolations(page, `the details with a status and notes (${width})`);
      await dialog.getByRole('button', { name: 'Close' }).click();

      const filter = page.getByLabel('Filter by status');
      const contactedOption = filter.locator('option[value="contacted"]');
      await page.waitForFunction(() =>
        /\(\d+\)/.test(document.querySelector('#inbox-status option[value="contacted"]')?.textContent ?? ''),
      );
      const counted = Number(/\((\d+)\)/.exec((await contactedOption.textContent()) ?? '')?.[1]);
      assert.ok(counted >= 1, `Contacted (${counted})`);
      await filter.selectOption('contacted');
      await page
        .getByRole('status')
        .filter({ hasText: `of ${counted} inquiries` })
        .waitFor();
      assert.equal(await page.locator('tbody tr').filter({ hasText: family }).count(), 1);
      assert.equal(
        await page.locator('tbody tr').filter({ hasText: family }).getByTestId('status-badge').textContent(),
        'Contacted',
      );
      await filter.selectOption('closed');
      await page.getByText('No inquiries match your search').waitFor();
      await filter.selectOption('all');

      await page.getByLabel('Search inquiries').fill(noteWord);
      await page.getByRole('status').filter({ hasText: 'Showing 1 of 1 inquiries' }).waitFor();
      assert.equal(await page.locator('tbody tr').filter({ hasText: family }).count(), 1);
      await assertNoViolations(page, `the inbox with the status filter (${width})`);

      // Still there after a reload: stored, not only shown.
      await page.reload();
      await waitForHydration(page);
      const again = await openDetails(page, family);
      assert.equal(await again.getByLabel('Status', { exact: true }).inputValue(), 'contacted');
      await again.getByTestId('sale-notes').getByText(`Wants the ${noteWord} collar`).waitFor();
      assert.deepEqual(problems, []);
    });
  }

  /** The first available puppy nobody holds (each width takes its own). */
  async function freePuppy(): Promise<string> {
    const cookie = await apiSignIn(suite.server.url, ADMIN, PASSWORD);
    const { puppies } = (await (
      await fetch(`${suite.server.url}/api/puppies`, { headers: { Cookie: cookie } })
    ).json()) as PuppyList;
    const held = (await (
      await fetch(`${suite.server.url}/api/reservations`, { headers: { Cookie: cookie } })
    ).json()) as {
      reservations: { puppyId: string }[];
    };
    const taken = new Set(held.reservations.map((item) => item.puppyId));
    const free = puppies.find((puppy) => puppy.status === 'available' && !taken.has(puppy.id));
    assert.ok(free, 'a puppy to reserve');
    return free.name;
  }

  /** What a visitor sees of `name` on / (fresh from the server). */
  async function publicCard(page: Page, name: string) {
    await gotoHydrated(page, `${suite.server.url}/`);
    const card = page
      .locator('#puppies article')
      .filter({ has: page.getByRole('heading', { name: new RegExp(`^${name} `) }) });
    return card;
  }

  for (const [width, options] of Object.entries(viewports)) {
    test(`${width}: reserved with a deposit, cancelled, reserved again, went home; the public page follows each step`, async () => {
      const family = `Reserving ${width} ${Math.random().toString(36).slice(2, 7)}`;
      assert.equal(
        (await postInquiry(suite.server.url, { ...uniqueInquiry(`r${width}`), name: family })).status,
        201,
      );
      const puppy = await freePuppy();
      const soldBefore = (await visitorView(suite.server.url)).sold.length;
      const { page, context, problems } = await openDashboard(options);
      const visitor = await context.newPage();

      const dialog = await openDetails(page, family);
      await dialog.getByLabel('Status', { exact: true }).selectOption({ label: 'Contacted' });
      await page.waitForFunction(
        () => (document.querySelector('#sale-status') as HTMLSelectElement | null)?.value === 'contacted',
      );

      // Reserved with a deposit.
      await dialog.getByRole('button', { name: 'Reserve a puppy' }).click();
      await dialog.getByRole('button', { name: 'Reserve', exact: true }).click();
      assert.equal(await dialog.locator('#reserve-puppy-error').textContent(), 'Choose a puppy');
      await dialog.getByLabel('Puppy', { exact: true }).selectOption({ label: puppy });
      await dialog.getByLabel('Amount in dollars').fill('300');
      await dialog.getByLabel('How it was paid').selectOption('Zelle');
      await assertNoViolations(page, `the reserve form (${width})`);
      await dialog.getByRole('button', { name: 'Reserve', exact: true }).click();
      const facts = dialog.getByTestId('reservation-facts');
      await facts.getByText(`Reserved: ${puppy}`).waitFor();
      await facts.getByText(/^Deposit \$300 \(Zelle, /).waitFor();
      assert.equal(await dialog.getByLabel('Status', { exact: true }).inputValue(), 'reserved');
      await assertNoViolations(page, `a reservation in the details (${width})`);
      // The overview line at the top of /admin counts it, and links to the list it counts.
      const overview = page.getByTestId('sales-overview');
      await overview.getByText(/^\$\d[\d,.]* in deposits$/).waitFor();
      await page.waitForFunction(() =>
        /[1-9]\d* reserved/.test(document.querySelector('[data-testid="sales-overview"]')?.textContent ?? ''),
      );
      assert.match(
        (await overview.textContent()) ?? '',
        /^\d+ available · \d+ reserved · \d+ went home · \d+ on waitlist · \$[\d,.]+ in deposits$/,
      );
      assert.equal(
        await overview.getByRole('link', { name: /reserved$/ }).getAttribute('href'),
        '/admin?status=reserved',
      );

      let card = await publicCard(visitor, puppy);
      await card.getByTestId('reserved-badge').waitFor();
      const reservedButton = card.getByRole('button', { name: 'Reserved' });
      assert.equal(await reservedButton.isDisabled(), true);
      assert.equal(await card.getByRole('link', { name: `Inquire About ${puppy}` }).count(), 0);
      const dropdown = await visitor.locator('#contact-puppy option').allTextContents();
      assert.ok(!dropdown.includes(puppy), `${puppy} left the dropdown`);
      const offers = JSON.parse(
        (await visitor.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
      ).makesOffer;
      const offer = offers.find((item: { itemOffered: { name: string } }) =>
        item.itemOffered.name.startsWith(puppy),
      );
      assert.equal(offer.availability, 'https://schema.org/Reserved');
      const refused = await inquireAbout(suite.server.url, puppy);
      assert.equal(refused.status, 400);
      assert.equal((await refused.json()).errors.puppy, 'Please choose one of the available puppies');
      await assertNoViolations(visitor, `the public page with a reserved puppy (${width})`);

      // The litter manager says who has her.
      await gotoHydrated(visitor, `${suite.server.url}/admin/litters`);
      const reservedBy = visitor.locator(`li[data-puppy="${puppy}"]`).getByTestId('reserved-by');
      await reservedBy.waitFor();
      assert.match((await reservedBy.textContent()) ?? '', /Reserved by .+ · Deposit \$300 \(Zelle, /);
      const link = reservedBy.getByRole('link', { name: family });
      await assertNoViolations(visitor, `the litter manager with a reservation (${width})`);
      await link.click();
      await visitor.locator('tbody tr').filter({ hasText: family }).waitFor();
      assert.equal(await visitor.getByLabel('Filter by status').inputValue(), 'reserved');

      // Cancelled: available again.
      await dialog.getByRole('button', { name: 'Cancel reservation' }).click();
      await dialog.getByLabel('Note (optional): refunded or kept').fill('Deposit refunded');
      await assertNoViolations(page, `the cancel confirmation (${width})`);
      await dialog.getByRole('button', { name: 'Yes, cancel it' }).click();
      await dialog.getByRole('button', { name: 'Reserve a puppy' }).waitFor();
      assert.equal(await dialog.getByLabel('Status', { exact: true }).inputValue(), 'contacted');
      card = await publicCard(visitor, puppy);
      await card.getByRole('link', { name: `Inquire About ${puppy}` }).waitFor();
      assert.equal(await card.getByTestId('reserved-badge').count(), 0);
      assert.ok((await visitor.locator('#contact-puppy option').allTextContents()).includes(puppy));

      // Reserved again (no deposit), then went home.
      await dialog.getByRole('button', { name: 'Reserve a puppy' }).click();
      await dialog.getByLabel('Puppy', { exact: true }).selectOption({ label: puppy });
      await dialog.getByRole('button', { name: 'Reserve', exact: true }).click();
      await facts.getByText('No deposit recorded').waitFor();
      await dialog.getByRole('button', { name: 'Went home' }).click();
      await assertNoViolations(page, `the went-home confirmation (${width})`);
      await dialog.getByRole('button', { name: 'Mark as went home' }).click();
      await facts.getByText(`Went home: ${puppy}`).waitFor();
      assert.equal(await dialog.getByLabel('Status', { exact: true }).inputValue(), 'went-home');

      const after = await visitorView(suite.server.url);
      assert.equal(after.sold[0], `${puppy} – Sold!`, 'top of the sold list');
      assert.equal(after.sold.length, soldBefore + 1);
      assert.ok(!after.available.some((title) => title.startsWith(`${puppy} `)));
      await gotoHydrated(visitor, `${suite.server.url}/`);
      await assertNoViolations(visitor, `the public page after the puppy went home (${width})`);
      assert.deepEqual(problems, []);
    });
  }

  for (const [width, options] of Object.entries(viewports)) {
    test(`${width}: the Waitlist card lists the families in order with their place, Move up reorders`, async () => {
      const cookie = await apiSignIn(suite.server.url, ADMIN, PASSWORD);
      const names = [1, 2].map((n) => `Waiting ${width} ${n} ${Math.random().toString(36).slice(2, 6)}`);
      for (const name of names) {
        const res = await postInquiry(suite.server.url, { ...uniqueInquiry(`w${width}`), name });
        const { id } = await res.json();
        const set = await fetch(`${suite.server.url}/api/inquiries/${id}/status`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Cookie: cookie },
          body: JSON.stringify({ status: 'waitlist' }),
        });
        assert.equal(set.status, 200);
      }
      const { page, problems } = await openDashboard(options);
      const card = page.getByRole('region', { name: 'Waitlist' });
      const list = card.getByTestId('waitlist');
      await list.locator(`li[data-family="${names[1]}"]`).waitFor();
      const order = () =>
        list.locator('li').evaluateAll((items) => items.map((item) => item.getAttribute('data-family')));
      const before = await order();
      const [a, b] = names as [string, string];
      assert.equal(before.indexOf(b), before.indexOf(a) + 1, 'first come, first served');
      const row = list.locator(`li[data-family="${b}"]`);
      const place = Number(((await row.textContent()) ?? '').match(/^(\d+)\./)?.[1]);
      assert.equal(place, before.indexOf(b) + 1);
      assert.match((await row.textContent()) ?? '', /Joined [A-Z][a-z]{2} \d{1,2}, \d{4}/);
      await assertNoViolations(page, `the waitlist (${width})`);
      await row.getByRole('button', { name: 'Move up' }).click();
      await page.waitForFunction(
        ([x, y]) => {
          const families = [...document.querySelectorAll('[data-testid="waitlist"] li')].map((item) =>
            item.getAttribute('data-family'),
          );
          return families.indexOf(y as string) + 1 === families.indexOf(x as string);
        },
        [a, b],
      );
      await page.reload();
      await waitForHydration(page);
      await list.locator(`li[data-family="${b}"]`).waitFor();
      const after = await order();
      assert.equal(after.indexOf(a), after.indexOf(b) + 1, 'the new order is stored');
      assert.deepEqual(problems, []);
    });
  }
});
