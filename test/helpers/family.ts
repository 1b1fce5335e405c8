import assert from 'node:assert/strict';
import type { FamilyState } from '../../src/features/family/family';
import { postInquiry } from './inquiries';
import type { PuppyClient } from './puppies';

/**
 * A family's page (issue 28) for the http tests: a family that inquired (`inquiry`) with `puppy`
 * reserved, and the link she made them; the family's state as her dashboard reads it.
 */
export async function reservedFamilyState(
  url: string,
  admin: PuppyClient,
  inquiry: { name: string; email: string; message: string },
  puppy = 'Daisy',
): Promise<FamilyState> {
  const posted = await postInquiry(url, inquiry);
  assert.equal(posted.status, 201);
  const { id } = (await posted.json()) as { id: string };
  const { id: puppyId } = await admin.find(puppy);
  assert.equal((await admin.send('POST', `/api/inquiries/${id}/reservation`, { puppyId })).status, 200);
  const made = await admin.send('POST', `/api/inquiries/${id}/family-link`, {});
  assert.equal(made.status, 200);
  return (await made.json()) as FamilyState;
}
