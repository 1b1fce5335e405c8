/**
 * The family page's browser files' set-up (issue 28): a reserved family made through the API, and
 * the inquiry's details opened on the dashboard.
 */
import assert from 'node:assert/strict';
import type { FamilyState } from '../../src/features/family/family';
import type { PuppyList } from '../../src/features/puppies/puppies';
import { postInquiry, uniqueInquiry } from '../helpers/inquiries';
import { type BrowserContext, type Page, waitForHydration } from './helpers';

/**
 * A family (`name`, `email`) with `puppy` reserved and a $300 Zelle deposit received on Nov 20,
 * 2026, and their family page link: made by her signed-in `context`.
 */
export async function reservedFamily(
  url: string,
  context: BrowserContext,
  { name, email, puppy }: { name: string; email?: string; puppy: string },
) {
  const posted = await postInquiry(url, { ...uniqueInquiry('family'), name, ...(email ? { email } : {}) });
  assert.equal(posted.status, 201);
  const { id } = (await posted.json()) as { id: string };
  const list = (await (await context.request.get(`${url}/api/puppies`)).json()) as PuppyList;
  const puppyId = list.puppies.find((item) => item.name === puppy)?.id;
  assert.ok(puppyId, `a puppy named ${puppy}`);
  const reserved = await context.request.post(`${url}/api/inquiries/${id}/reservation`, {
    data: { puppyId, deposit: { amount: '300', receivedOn: '2026-11-20', method: 'Zelle' } },
  });
  assert.equal(reserved.status(), 200, await reserved.text());
  const made = await context.request.post(`${url}/api/inquiries/${id}/family-link`, { data: {} });
  assert.equal(made.status(), 200);
  const state = (await made.json()) as FamilyState;
  return { id, link: state.url ?? '', reservationId: state.money?.reservationId ?? '' };
}

/**
 * Opens the inquiry's details of the family named `name` from the dashboard's list, whichever
 * control this width shows; with `dashboard` (the server's URL), opens the dashboard first.
 */
export async function openDetails(page: Page, name: string, dashboard?: string) {
  if (dashboard) {
    await page.goto(`${dashboard}/admin`);
    await waitForHydration(page);
  }
  const row = page.locator('tbody tr').filter({ hasText: name });
  await row.waitFor();
  for (const control of await row.getByRole('button').all()) {
    if (await control.isVisible()) {
      await control.click();
      break;
    }
  }
  const dialog = page.getByRole('dialog', { name: 'Inquiry Details' });
  await dialog.waitFor();
  return dialog;
}
