import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import type { FamilyState } from '../../src/features/family/family';
import type { LitterList } from '../../src/features/litters/litters';
import type { PicksView } from '../../src/features/picks/picks';
import { postInquiry } from './inquiries';
import type { PuppyClient } from './puppies';

/**
 * Pick day's tests (issue 29): families on a born litter's waitlist, their page links, the picks
 * as her screen reads them, and the server's clock moved through PICKS_CLOCK_FILE.
 */

/** The fresh install's born litter (it holds the seeded puppies). */
export async function bornLitter(admin: PuppyClient) {
  const { litters } = (await (await admin.send('GET', '/api/litters')).json()) as LitterList;
  const litter = litters.find((item) => item.status === 'born');
  assert.ok(litter, 'a born litter');
  return litter;
}

/** A family that inquired, is on the waitlist and waits for this litter: its inquiry id. */
export async function waitingFamily(url: string, admin: PuppyClient, litterId: string, name: string) {
  const res = await postInquiry(url, {
    name,
    email: `${name.replace(/[^a-z]/gi, '').toLowerCase() || 'family'}@example.com`,
    message: 'We would love a puppy from this litter.',
  });
  assert.equal(res.status, 201);
  const { id } = (await res.json()) as { id: string };
  assert.equal((await admin.send('POST', `/api/inquiries/${id}/status`, { status: 'waitlist' })).status, 200);
  assert.equal((await admin.send('POST', `/api/waitlist/${id}/litter`, { litterId })).status, 200);
  return id;
}

/** A link to the family's page (she sends it; the test opens it on this server). */
export async function familyLink(url: string, admin: PuppyClient, inquiryId: string) {
  const res = await admin.send('POST', `/api/inquiries/${inquiryId}/family-link`, {});
  assert.equal(res.status, 200);
  const state = (await res.json()) as FamilyState;
  return (state.url ?? '').replace(/^https?:\/\/[^/]+/, url);
}

export async function picksOf(admin: PuppyClient, litterId: string): Promise<PicksView> {
  const res = await admin.send('GET', `/api/litters/${litterId}/picks`);
  assert.equal(res.status, 200);
  return (await res.json()) as PicksView;
}

export const statesOf = (view: PicksView) => view.round?.turns.map((turn) => turn.state) ?? [];

/** Moves the server's pick-day clock `hours` ahead of the real one (PICKS_CLOCK_FILE). */
export const moveClock = (file: string, hours: number) =>
  writeFile(file, String(Math.round(hours * 3_600_000)));

/** A family page's form post (what the browser sends without scripts), not following the redirect. */
export function pick(pageUrl: string, fields: Record<string, string>) {
  return fetch(`${pageUrl}/pick`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}
