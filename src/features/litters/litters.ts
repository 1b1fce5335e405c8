import * as z from 'zod/mini';

/**
 * Litters (issue 27, decision 121): the unit of the breeder's year. A litter is planned (families
 * join its waitlist), born (its puppies are listed), all home, then past (her record). Kept in
 * DATA_DIR/litters.json with which litter each puppy belongs to and which litter each waiting
 * family waits for; the puppies themselves stay in puppies.json, the waitlist's order and the
 * statuses in sales.json. One schema per shape for the admin screen and the server.
 *
 * The shape other features read (the family page, issue 28): `LitterView` — `id`, `name`, `born`
 * (ISO day, "" until born), `status`, `puppyIds` in page order, and `waitlist` (inquiry ids in
 * order, first come first served) — answered by `GET /api/litters` and by the litter service's
 * `litters()` / `litterOf(puppyId)` / `waitingFor(inquiryId)` on the server.
 */

/** What she sets; "All home" is not stored: a born litter whose puppies all went home reads so. */
export const STORED_LITTER_STATUSES = ['planned', 'born', 'past'] as const;
type StoredLitterStatus = (typeof STORED_LITTER_STATUSES)[number];
export type LitterStatus = StoredLitterStatus | 'all-home';

/** One litter as stored. */
export interface LitterRecord {
  id: string;
  /** Bumped by every change: a change based on an older version is refused (two tabs). */
  version: number;
  name: string;
  /** Names as she typed them or chose them from "Meet the Parents"; "" when not said. */
  mother: string;
  father: string;
  status: StoredLitterStatus;
  /** While planned: "2027-03" (a month), "2027-03-14" (a day) or "" (not known yet). */
  expected: string;
  /** Once born: the birth date, "YYYY-MM-DD"; "" while planned. */
  born: string;
  description: string;
  /** A planned litter appears in "Our Next Litter" on `/` only while shown. */
  shown: boolean;
  /**
   * "Take applications" (issue 29): `/` shows "Apply for this litter" for it and `/apply/{id}`
   * accepts applications. Absent in a litter an earlier release stored: read by `takesApplications`.
   */
  applications?: boolean;
  createdAt: string;
}

/** What the admin API answers for a litter. */
export interface LitterView extends Omit<LitterRecord, 'status' | 'applications'> {
  status: LitterStatus;
  /** "Take applications", as `takesApplications` reads it (never absent here). */
  applications: boolean;
  /** Its puppies, in page order (available first, then sold). */
  puppyIds: string[];
  /** The families waiting for it, in order (inquiry ids). */
  waitlist: string[];
}

/** GET /api/litters and every litter change's answer: planned first, then born, then past. */
export interface LitterList {
  litters: LitterView[];
  /**
   * The names "Mother" and "Father" offer (she may still type any): the parents of "Meet the
   * Parents" as published, then those her litters already name. Absent from the service's own list.
   */
  parents?: ParentChoices;
}

export interface ParentChoices {
  mothers: string[];
  fathers: string[];
}

/** "Meet the Parents" first, then the names her litters use; each once, blanks left out. */
export function parentChoices(
  meet: ParentChoices,
  litters: readonly Pick<LitterRecord, 'mother' | 'father'>[],
): ParentChoices {
  const once = (names: string[]) => [...new Set(names.map((name) => name.trim()).filter(Boolean))];
  return {
    mothers: once([...meet.mothers, ...litters.map((litter) => litter.mother)]),
    fathers: once([...meet.fathers, ...litters.map((litter) => litter.father)]),
  };
}

export const LITTER_LIMITS = { name: 60, parent: 60, description: 600 } as const;

export const litterMessages = {
  name: 'Give the litter a name, like "Luna × Bentley"',
  nameTooLong: `The name must be at most ${LITTER_LIMITS.name} characters`,
  nameTaken: (name: string) => `Another litter is already called "${name}"`,
  parent: `A parent's name must be at most ${LITTER_LIMITS.parent} characters`,
  description: `The description must be at most ${LITTER_LIMITS.description} characters`,
  expected: 'Enter a month like 2027-03 or a day like 2027-03-14',
  born: 'Enter the birth date, like 2027-03-14',
  bornInFuture: 'The birth date cannot be in the future',
  version: 'Reload the page: the litter version is missing',
  status: 'Choose "Planned" or "Born"',
  notFound: 'This litter is no longer listed. Reload the page.',
  stale:
    'This litter was changed in another tab or window. Reload the page to see the latest version, then make your change again.',
  notPlanned: 'Only a planned litter can be marked as born.',
  alreadyPast: 'This litter is already with the past litters.',
  notBorn: 'Only a born litter can move to the past litters.',
  hasPuppies: (count: number) =>
    `This litter still has ${count} ${count === 1 ? 'puppy' : 'puppies'}: move or remove ${count === 1 ? 'it' : 'them'} first.`,
  hasFamilies: (count: number) =>
    `${count} ${count === 1 ? 'family is' : 'families are'} waiting for this litter: move ${count === 1 ? 'it' : 'them'} to another litter first.`,
  noSuchFamily: 'This family is not on the waitlist any more. Reload the page.',
  chooseLitter: 'Choose a litter that is planned or born, or "Any litter"',
  familyNotSold: 'A family photo is for a puppy that went home.',
  familyPhotoUnknown: 'This photo is no longer available: upload it again',
} as const;

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const DAY = /^(\d{4})-(0[1-9]|1[0-2])-(\d{2})$/;

/** A real calendar day "YYYY-MM-DD". */
export function isDay(text: string): boolean {
  if (!DAY.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(text);
}

const isExpected = (text: string) => text === '' || MONTH.test(text) || isDay(text);

const words = (max: number, message: string) =>
  z.string({ error: message }).check(z.trim(), z.maxLength(max, message));

const version = z.number({ error: litterMessages.version }).check(z.int(), z.nonnegative());

const litterFields = {
  name: z
    .string({ error: litterMessages.name })
    .check(
      z.trim(),
      z.minLength(1, litterMessages.name),
      z.maxLength(LITTER_LIMITS.name, litterMessages.nameTooLong),
    ),
  mother: words(LITTER_LIMITS.parent, litterMessages.parent),
  father: words(LITTER_LIMITS.parent, litterMessages.parent),
  expected: z
    .string({ error: litterMessages.expected })
    .check(z.trim(), z.refine(isExpected, litterMessages.expected)),
  description: words(LITTER_LIMITS.description, litterMessages.description),
  shown: z.boolean({ error: 'Choose shown or hidden' }),
  /** Absent: a new litter takes applications, a changed one keeps its choice. */
  applications: z.optional(z.boolean({ error: 'Choose whether this litter takes applications' })),
};

const bornDay = z
  .string({ error: litterMessages.born })
  .check(z.trim(), z.refine(isDay, litterMessages.born));

/** POST /api/litters: a planned litter (with its expected date) or one already born (its birth date). */
export const newLitterInput = z.strictObject({
  ...litterFields,
  status: z.enum(['planned', 'born'], { error: litterMessages.status }),
  born: z.optional(z.string({ error: litterMessages.born }).check(z.trim())),
});

/** PUT /api/litters/:id: the form's fields (the birth date only for a litter already born). */
export const litterUpdateInput = z.strictObject({
  ...litterFields,
  born: z.optional(z.string({ error: litterMessages.born }).check(z.trim())),
  version,
});

/** POST /api/litters/:id/born */
export const markBornInput = z.strictObject({ born: bornDay, version });

/** POST /api/litters/:id/past and DELETE /api/litters/:id */
export const litterVersionInput = z.strictObject({ version });

/** PUT /api/puppies/:id/family: a went-home puppy's "Happy family" photo (an upload) and quote. */
export const familyInput = z.strictObject({
  photo: z.nullable(
    z.strictObject({
      id: z.string().check(z.minLength(1), z.maxLength(100)),
      alt: z
        .string({ error: 'Describe this photo for visitors who cannot see it' })
        .check(
          z.trim(),
          z.minLength(1, 'Describe this photo for visitors who cannot see it'),
          z.maxLength(200, 'Alt text must be at most 200 characters'),
        ),
    }),
  ),
  quote: z
    .string({ error: 'The quote must be at most 300 characters' })
    .check(z.trim(), z.maxLength(300, 'The quote must be at most 300 characters')),
});

/** POST /api/puppies/:id/litter: moves a puppy to another litter (kept in its place on the page). */
export const puppyLitterInput = z.strictObject({
  litterId: z.string().check(z.minLength(1), z.maxLength(100)),
});

/** POST /api/waitlist/:id/litter: the family waits for this litter (or "any") from now on. */
export const waitlistLitterInput = z.strictObject({
  litterId: z.string({ error: litterMessages.chooseLitter }).check(z.minLength(1), z.maxLength(100)),
});
