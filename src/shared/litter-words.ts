/**
 * A litter's words, as the page, the admin screens and the emails say them: the families' choice
 * "Any litter", the parents, the month expected, a born litter's name. Read by the litters and the
 * sales (a waitlist per litter), on both sides.
 */

/** A family waiting for no litter in particular. */
export const ANY_LITTER = 'any';
export const ANY_LITTER_LABEL = 'Any litter';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "2027-03" → "March 2027", "2027-03-14" → "March 14, 2027", "" → "". */
export function expectedInWords(expected: string): string {
  const [year, month, day] = expected.split('-');
  const name = MONTHS[Number(month) - 1];
  if (!year || !name) return '';
  return day ? `${name} ${Number(day)}, ${year}` : `${name} ${year}`;
}

/** A born litter's name from its birth date: "March 2027 litter"; "Our litter" without one. */
export function litterNameFor(bornIso: string): string {
  const [year, month] = bornIso.split('-');
  const name = MONTHS[Number(month) - 1];
  return name && year ? `${name} ${year} litter` : 'Our litter';
}

/** Her parents' names as the page shows them: "Luna × Bentley", or the one she gave. */
export function parentsInWords(litter: { mother: string; father: string }): string {
  return [litter.mother, litter.father].filter((name) => name !== '').join(' × ');
}

/** "the Luna × Bentley litter", "the February 2025 litter" (a name already ending in "litter" is not doubled). */
export const theLitter = (name: string) => `the ${/ litter$/i.test(name) ? name : `${name} litter`}`;

/**
 * The dropdown's choice for a planned litter's waitlist, "Waitlist: {litter name}" (issue 27; one
 * "Next litter (waitlist)" in issue 20): offered, and accepted by the server, only while the
 * breeder shows that litter. Stored as the inquiry's puppy; no puppy's name starts so.
 */
export const WAITLIST_CHOICE_PREFIX = 'Waitlist: ';
export const waitlistChoice = (litterName: string) => `${WAITLIST_CHOICE_PREFIX}${litterName}`;

/** The id of the litter a first start or the upgrade makes (stable, so a fresh install's files are the same each time). */
export const FIRST_LITTER_ID = 'litter-1';

/**
 * Whether a litter takes applications (issue 29, "Take applications" on /admin/litters): her
 * choice, else (a litter stored before the choice existed) on, except for the litter the site made
 * at a first start or the upgrade, so a fresh install's `/` stays the spec's until she turns it on.
 */
export const takesApplications = (litter: { id: string; applications?: boolean | undefined }) =>
  litter.applications ?? litter.id !== FIRST_LITTER_ID;

/** Where a family applies for a litter: `/apply/{litter id}` (issue 29). */
export const APPLY_PATH = '/apply';
export const applyPath = (litterId: string) => `${APPLY_PATH}/${encodeURIComponent(litterId)}`;
