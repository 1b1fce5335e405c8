import { randomUUID } from 'node:crypto';
import { Refused } from '../../server/http/pipeline';
import { ANY_LITTER, FIRST_LITTER_ID, litterNameFor, takesApplications } from '../../shared/litter-words';
import type { LittersData } from '../../storage/file-schemas';
import {
  isDay,
  type LitterList,
  type LitterRecord,
  type LitterStatus,
  type LitterView,
  litterMessages,
} from './litters';

/**
 * The litters' rules as pure functions from one state of litters.json to the next: each returns
 * the new state or throws a LitterRefused, so a refused change never touches what is stored.
 */

/** A refusal with its status and the message she reads (404, 409, or 400 with field errors). */
export class LitterRefused extends Refused {
  constructor(status: 400 | 404 | 409, message: string, errors?: Record<string, string>) {
    super(status, message, errors);
  }
}

export type LitterFields = Pick<
  LitterRecord,
  'name' | 'mother' | 'father' | 'expected' | 'description' | 'shown' | 'applications'
>;

/** What an earlier release (or a first start) kept that becomes litters (decision 121). */
export interface EarlierRelease {
  /** Every puppy id of puppies.json, in page order. */
  puppyIds: readonly string[];
  /** The birth date of site.json's published content ("YYYY-MM-DD"). */
  born: string;
  /** The published "Meet the Parents" names, if she added them. */
  mother: string;
  father: string;
  /** sales.json's next-litter block, null when never saved. */
  nextLitter: { shown: boolean; expected: string; parents: string; description: string } | null;
  /** sales.json's waitlist, in order. */
  waitlist: readonly string[];
}

export { FIRST_LITTER_ID };

const NEXT_LITTER_ID = 'litter-next';

/**
 * litters.json made from what an earlier release kept, or a first start's files: one Born litter
 * holding every puppy, born on the site's birth date (February 9, 2025 at a fresh install); the
 * next-litter block, once saved with anything in it, a Planned litter "Next litter" (shown as it
 * was, her parents' words kept whole) whose waitlist is the families waiting then; without one
 * they wait for "Any litter". Nothing is dropped, nothing is reworded.
 */
export function littersFromEarlierRelease(earlier: EarlierRelease, now: Date): LittersData {
  const createdAt = now.toISOString();
  const born: LitterRecord = {
    id: FIRST_LITTER_ID,
    version: 1,
    name: litterNameFor(earlier.born),
    mother: earlier.mother,
    father: earlier.father,
    status: 'born',
    expected: '',
    born: earlier.born,
    description: '',
    shown: false,
    createdAt,
  };
  const block = earlier.nextLitter;
  const saved = block && (block.shown || block.expected || block.parents || block.description);
  const litters = [born];
  if (block && saved) {
    litters.unshift({
      id: NEXT_LITTER_ID,
      version: 1,
      name: 'Next litter',
      ...splitParents(block.parents),
      status: 'planned',
      expected: block.expected,
      born: '',
      description: block.description,
      shown: block.shown,
      createdAt,
    });
  }
  const waitFor = block && saved ? NEXT_LITTER_ID : ANY_LITTER;
  return {
    litters,
    puppies: Object.fromEntries(earlier.puppyIds.map((id) => [id, FIRST_LITTER_ID])),
    waiting: Object.fromEntries(earlier.waitlist.map((id) => [id, waitFor])),
    families: {},
  };
}

function find(data: LittersData, id: string, version?: number): LitterRecord {
  const litter = data.litters.find((item) => item.id === id);
  if (!litter) throw new LitterRefused(404, litterMessages.notFound);
  if (version !== undefined && litter.version !== version) throw new LitterRefused(409, litterMessages.stale);
  return litter;
}

function checkName(data: LittersData, name: string, self?: string): void {
  const key = name.toLowerCase();
  if (data.litters.some((item) => item.id !== self && item.name.toLowerCase() === key))
    throw new LitterRefused(400, litterMessages.nameTaken(name), { name: litterMessages.nameTaken(name) });
}

const replace = (data: LittersData, next: LitterRecord): LittersData => ({
  ...data,
  litters: data.litters.map((item) => (item.id === next.id ? next : item)),
});

/** A birth date she gives: a real day, not after today (in her time zone). */
function checkBorn(born: string, today: string): void {
  if (born > today)
    throw new LitterRefused(400, litterMessages.bornInFuture, { born: litterMessages.bornInFuture });
}

export function addLitter(
  data: LittersData,
  fields: LitterFields & { status: 'planned' | 'born'; born?: string },
  today: string,
  now: Date,
): [LittersData, LitterRecord] {
  checkName(data, fields.name);
  const born = fields.status === 'born' ? (fields.born ?? '') : '';
  if (fields.status === 'born') {
    if (!isDay(born)) throw new LitterRefused(400, litterMessages.born, { born: litterMessages.born });
    checkBorn(born, today);
  }
  const litter: LitterRecord = {
    id: randomUUID(),
    version: 1,
    name: fields.name,
    mother: fields.mother,
    father: fields.father,
    status: fields.status,
    expected: fields.status === 'planned' ? fields.expected : '',
    born,
    description: fields.description,
    shown: fields.shown,
    // "Take applications" is on for a litter she adds unless she turned it off.
    applications: fields.applications ?? true,
    createdAt: now.toISOString(),
  };
  return [{ ...data, litters: [...data.litters, litter] }, litter];
}

export function updateLitter(
  data: LittersData,
  id: string,
  version: number,
  fields: LitterFields & { born?: string },
  today: string,
): LittersData {
  const current = find(data, id, version);
  checkName(data, fields.name, id);
  let born = current.born;
  if (current.status !== 'planned' && fields.born !== undefined && fields.born !== current.born) {
    if (!isDay(fields.born)) throw new LitterRefused(400, litterMessages.born, { born: litterMessages.born });
    checkBorn(fields.born, today);
    born = fields.born;
  }
  return replace(data, {
    ...current,
    ...fields,
    expected: current.status === 'planned' ? fields.expected : current.expected,
    born,
    version: version + 1,
  });
}

/** "Mark as born": its families stay on its waitlist, in order; the page counts its age from `born`. */
export function markBorn(
  data: LittersData,
  id: string,
  version: number,
  born: string,
  today: string,
): LittersData {
  const current = find(data, id, version);
  if (current.status !== 'planned') throw new LitterRefused(409, litterMessages.notPlanned);
  checkBorn(born, today);
  return replace(data, { ...current, status: 'born', born, version: version + 1 });
}

/** "Move to past litters": a born litter (its puppies stay in it, shown in "Past Litters"). */
export function movePast(data: LittersData, id: string, version: number): LittersData {
  const current = find(data, id, version);
  if (current.status === 'past') throw new LitterRefused(409, litterMessages.alreadyPast);
  if (current.status !== 'born') throw new LitterRefused(409, litterMessages.notBorn);
  return replace(data, { ...current, status: 'past', version: version + 1 });
}

/** "Remove": only a litter with no puppies and no family waiting; otherwise the refusal says why. */
export function removeLitter(
  data: LittersData,
  id: string,
  version: number,
  waitlist: readonly string[],
): LittersData {
  find(data, id, version);
  const puppies = Object.values(data.puppies).filter((litterId) => litterId === id).length;
  if (puppies > 0) throw new LitterRefused(409, litterMessages.hasPuppies(puppies));
  const families = waitlist.filter((inquiryId) => data.waiting[inquiryId] === id).length;
  if (families > 0) throw new LitterRefused(409, litterMessages.hasFamilies(families));
  const waiting = Object.fromEntries(Object.entries(data.waiting).filter(([, litterId]) => litterId !== id));
  return { ...data, litters: data.litters.filter((item) => item.id !== id), waiting };
}

/** A litter a puppy may be put in or a family may wait for: planned or born. */
function open(data: LittersData, id: string): LitterRecord {
  const litter = find(data, id);
  if (litter.status === 'past') throw new LitterRefused(409, litterMessages.chooseLitter);
  return litter;
}

/** The puppy belongs to this litter from now on (a new puppy, or one moved between litters). */
export function assignPuppy(data: LittersData, puppyId: string, litterId: string): LittersData {
  find(data, litterId);
  if (data.puppies[puppyId] === litterId) return data;
  return { ...data, puppies: { ...data.puppies, [puppyId]: litterId } };
}

/** "Move to another litter" (or "Any litter"): the family keeps its joined date. */
export function setWaiting(data: LittersData, inquiryId: string, litterId: string): LittersData {
  if (litterId !== ANY_LITTER) open(data, litterId);
  if (data.waiting[inquiryId] === litterId) return data;
  return { ...data, waiting: { ...data.waiting, [inquiryId]: litterId } };
}

/** "Mother × Father" as two names; any other wording kept whole as the mother's (the page shows the same words). */
function splitParents(parents: string): { mother: string; father: string } {
  const [mother = '', father, ...more] = parents.split(' × ');
  return father !== undefined && more.length === 0 ? { mother, father } : { mother: parents, father: '' };
}

/**
 * The issue-20 block saved through PUT /api/next-litter: it is the first planned litter (shown
 * first), made as "Next litter" when there is none and the block says anything.
 */
export function setBlock(
  data: LittersData,
  next: { shown: boolean; expected: string; parents: string; description: string },
  now: Date,
): LittersData {
  const planned = data.litters.filter((item) => item.status === 'planned');
  const shownFirst = planned
    .filter((item) => item.shown)
    .sort((a, b) => (a.expected || '9999').localeCompare(b.expected || '9999'));
  const current = shownFirst[0] ?? planned[0];
  const fields = {
    ...splitParents(next.parents),
    shown: next.shown,
    expected: next.expected,
    description: next.description,
  };
  if (current) return replace(data, { ...current, ...fields, version: current.version + 1 });
  if (!next.shown && !next.expected && !next.parents && !next.description) return data;
  const name = data.litters.some((item) => item.name.toLowerCase() === 'next litter')
    ? `Next litter ${data.litters.length + 1}`
    : 'Next litter';
  const litter: LitterRecord = {
    id: randomUUID(),
    version: 1,
    name,
    status: 'planned',
    born: '',
    createdAt: now.toISOString(),
    ...fields,
  };
  return { ...data, litters: [...data.litters, litter] };
}

/** A went-home puppy's "Happy family" photo and quote; both blank removes them. */
export function setFamily(
  data: LittersData,
  puppyId: string,
  family: { photo: { id: string; alt: string } | null; quote: string },
): LittersData {
  const families = { ...data.families };
  if (family.photo === null && family.quote === '') delete families[puppyId];
  else families[puppyId] = family;
  return { ...data, families };
}

/** Where a new puppy goes when no litter is named: the born litter born last, else the first not past. */
export function defaultLitter(data: LittersData): LitterRecord | undefined {
  const born = data.litters
    .filter((item) => item.status === 'born')
    .sort((a, b) => b.born.localeCompare(a.born));
  return born[0] ?? data.litters.find((item) => item.status !== 'past');
}

/**
 * Puppies and litters kept in step after a change of puppies.json (or at start, after a crash
 * between the two writes): a puppy with no litter joins the default one (a born litter made for it
 * when there is none); a puppy no longer listed leaves the map. Unchanged data when nothing moves.
 */
export function reconcilePuppies(
  data: LittersData,
  puppyIds: readonly string[],
  today: string,
  now: Date,
): LittersData {
  const listed = new Set(puppyIds);
  const known = new Set(data.litters.map((item) => item.id));
  const orphans = puppyIds.filter((id) => !known.has(data.puppies[id] ?? ''));
  const gone = Object.keys(data.puppies).filter((id) => !listed.has(id));
  if (orphans.length === 0 && gone.length === 0) return data;
  let next = data;
  let home = defaultLitter(next);
  if (orphans.length > 0 && !home) {
    [next, home] = addLitter(
      next,
      {
        name: litterNameFor(today),
        mother: '',
        father: '',
        expected: '',
        description: '',
        shown: false,
        // Made by the site, not by her: like the first litter, no applications until she says so.
        applications: false,
        status: 'born',
        born: today,
      },
      today,
      now,
    );
  }
  const puppies = Object.fromEntries(Object.entries(next.puppies).filter(([id]) => listed.has(id)));
  for (const id of orphans) if (home) puppies[id] = home.id;
  return { ...next, puppies };
}

const ORDER: Record<LitterStatus, number> = { planned: 0, born: 1, 'all-home': 1, past: 2 };

/**
 * The litters as the admin screen and other features read them: planned (soonest first), born
 * (youngest first), past (youngest first); each with its puppies in page order and its waitlist.
 */
export function litterList(
  data: LittersData,
  puppies: readonly { id: string; status: 'available' | 'sold' }[],
  waitlist: readonly string[],
): LitterList {
  const views: LitterView[] = data.litters.map((litter) => {
    const own = puppies.filter((puppy) => data.puppies[puppy.id] === litter.id);
    const allHome =
      litter.status === 'born' && own.length > 0 && own.every((puppy) => puppy.status === 'sold');
    return {
      ...litter,
      status: allHome ? 'all-home' : litter.status,
      applications: takesApplications(litter),
      puppyIds: own.map((puppy) => puppy.id),
      waitlist: waitlist.filter((id) => data.waiting[id] === litter.id),
    };
  });
  const date = (view: LitterView) => (view.status === 'planned' ? view.expected : view.born);
  views.sort((a, b) => {
    const byStatus = ORDER[a.status] - ORDER[b.status];
    if (byStatus !== 0) return byStatus;
    return a.status === 'planned' ? date(a).localeCompare(date(b)) : date(b).localeCompare(date(a));
  });
  return { litters: views };
}
