import * as z from 'zod/mini';

/**
 * "Next litter" (issue 20): the block the breeder fills at /admin/puppies and, while she shows it,
 * the section "Our Next Litter" on `/` and the dropdown's choice "Next litter (waitlist)". One
 * schema for the admin form and the server (PUT /api/next-litter, 400 with the same messages).
 * Kept in DATA_DIR/sales.json beside the waitlist (decisions 092, 094).
 */

/** What is kept and what the API answers; blank text means "not said". */
export interface NextLitter {
  shown: boolean;
  /** "2027-03" (a month), "2027-03-14" (a day) or "" (not known yet). */
  expected: string;
  parents: string;
  description: string;
}

/** A fresh install's: hidden and blank, so `/` is the spec's page. */
export const NO_NEXT_LITTER: NextLitter = { shown: false, expected: '', parents: '', description: '' };

/** Short enough that the section holds at 360 px (the parents' names on two lines at most). */
const NEXT_LITTER_LIMITS = { parents: 120, description: 600 } as const;

const nextLitterMessages = {
  shown: 'Choose shown or hidden',
  expected: 'Enter a month like 2027-03 or a day like 2027-03-14',
  parents: `The parents' names must be at most ${NEXT_LITTER_LIMITS.parents} characters`,
  description: `The description must be at most ${NEXT_LITTER_LIMITS.description} characters`,
} as const;

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const DAY = /^(\d{4})-(0[1-9]|1[0-2])-(\d{2})$/;

/** A real calendar day, or a month; blank is allowed (not known yet). */
function isExpected(text: string): boolean {
  if (text === '' || MONTH.test(text)) return true;
  if (!DAY.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(text);
}

const words = (max: number, message: string) =>
  z.string({ error: message }).check(z.trim(), z.maxLength(max, message));

/** PUT /api/next-litter: the whole block, as the form holds it. */
export const nextLitterInput = z.strictObject({
  shown: z.boolean({ error: nextLitterMessages.shown }),
  expected: z
    .string({ error: nextLitterMessages.expected })
    .check(z.trim(), z.refine(isExpected, nextLitterMessages.expected)),
  parents: words(NEXT_LITTER_LIMITS.parents, nextLitterMessages.parents),
  description: words(NEXT_LITTER_LIMITS.description, nextLitterMessages.description),
});
