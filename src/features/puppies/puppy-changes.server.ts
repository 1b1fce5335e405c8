import { randomUUID } from 'node:crypto';
import { Conflict, Invalid, NotFound } from '../../server/http/pipeline';
import type { PuppiesData, UploadedPhoto } from '../../storage/puppy-file';
import type { PuppyRecord } from './puppies';

type AvailablePuppyRecord = Extract<PuppyRecord, { status: 'available' }>;
type SoldPuppyRecord = Extract<PuppyRecord, { status: 'sold' }>;

import { puppyMessages } from './puppy-schema';

/**
 * The breeder's changes as pure functions from one state of puppies.json to the next: each
 * either returns the new state or throws, so a refused change never touches what is stored.
 * These are the puppies feature's rules and answers (statuses, messages); storage only keeps
 * the file (src/storage/puppy-file.ts).
 */

/** 404: no puppy with this id (removed meanwhile, in another tab). */
export class PuppyNotFound extends NotFound {
  constructor() {
    super('This puppy is no longer listed. Reload the page.');
  }
}

/** 409: the puppy changed since the form was opened (another tab saved first). */
export class VersionConflict extends Conflict {
  constructor() {
    super(
      'This puppy was changed in another tab or window. Reload the page to see the latest version, then make your change again.',
    );
  }
}

/** 400 with field errors: a rule that needs the stored data (a unique name, a known photo). */
export class PuppyRefused extends Invalid {
  declare readonly errors: Record<string, string>;
  constructor(errors: Record<string, string>) {
    super(Object.values(errors)[0] ?? 'The puppy could not be saved.', errors);
  }
}

type AvailableFields = Omit<AvailablePuppyRecord, 'id' | 'version' | 'status'>;
type SoldFields = Omit<SoldPuppyRecord, 'id' | 'version' | 'status'>;

/** Keeps the list in page order: every available puppy before every sold one. */
function ordered(puppies: PuppyRecord[]): PuppyRecord[] {
  return [...puppies.filter((p) => p.status === 'available'), ...puppies.filter((p) => p.status === 'sold')];
}

function find(data: PuppiesData, id: string, version: number): PuppyRecord {
  const puppy = data.puppies.find((p) => p.id === id);
  if (!puppy) throw new PuppyNotFound();
  if (puppy.version !== version) throw new VersionConflict();
  return puppy;
}

function checkFields(data: PuppiesData, fields: { name: string; photos: { id: string }[] }, self?: string) {
  const errors: Record<string, string> = {};
  const key = fields.name.toLowerCase();
  const taken = data.puppies.some(
    (p) => p.status === 'available' && p.id !== self && p.name.toLowerCase() === key,
  );
  if (taken) errors.name = puppyMessages.nameTaken(fields.name);
  const known = new Set(data.photos.map((photo) => photo.id));
  fields.photos.forEach((photo, index) => {
    if (!known.has(photo.id)) errors[`photos.${index}.id`] ??= puppyMessages.photoUnknown;
  });
  if (Object.keys(errors).length > 0) throw new PuppyRefused(errors);
}

/**
 * Photos that were in use before and are used by no puppy now: their files can go. (A photo
 * uploaded for a form not yet saved is not in use before, so it stays.)
 */
function releasedPhotos(before: PuppiesData, after: PuppiesData): UploadedPhoto[] {
  const used = (data: PuppiesData) => new Set(data.puppies.flatMap((p) => p.photos.map((photo) => photo.id)));
  const was = used(before);
  const is = used(after);
  return before.photos.filter((photo) => was.has(photo.id) && !is.has(photo.id));
}

function withoutReleased(before: PuppiesData, after: PuppiesData): PuppiesData {
  const gone = new Set(releasedPhotos(before, after).map((photo) => photo.id));
  return { ...after, photos: after.photos.filter((photo) => !gone.has(photo.id)) };
}

export function addPhoto(data: PuppiesData, photo: UploadedPhoto): PuppiesData {
  return { ...data, photos: [...data.photos, photo] };
}

/** A new available puppy goes last among the available ones. */
export function createPuppy(data: PuppiesData, fields: AvailableFields): [PuppiesData, AvailablePuppyRecord] {
  checkFields(data, fields);
  const puppy: AvailablePuppyRecord = { id: randomUUID(), version: 1, status: 'available', ...fields };
  return [{ ...data, puppies: ordered([...data.puppies, puppy]) }, puppy];
}

export function updatePuppy(
  data: PuppiesData,
  id: string,
  version: number,
  fields: AvailableFields | SoldFields,
): [PuppiesData, PuppyRecord] {
  const current = find(data, id, version);
  if (current.status === 'available') checkFields(data, fields, id);
  else checkFields({ ...data, puppies: [] }, fields);
  const next = { ...current, ...fields, id, version: version + 1, status: current.status } as PuppyRecord;
  const after = { ...data, puppies: data.puppies.map((p) => (p.id === id ? next : p)) };
  return [withoutReleased(data, after), next];
}

/** One place up or down within its own list (available or sold); at an end it stays. */
export function movePuppy(
  data: PuppiesData,
  id: string,
  version: number,
  direction: 'up' | 'down',
  /** The puppies shown in the same list (its litter's, issue 27): the move passes over the others. */
  sameLine: (other: PuppyRecord) => boolean = () => true,
): [PuppiesData, PuppyRecord] {
  const current = find(data, id, version);
  const group = data.puppies.filter((p) => p.status === current.status);
  const from = group.indexOf(current);
  const step = direction === 'up' ? -1 : 1;
  let to = from + step;
  while (to >= 0 && to < group.length && !sameLine(group[to] as PuppyRecord)) to += step;
  const next = { ...current, version: version + 1 };
  const other = group[to];
  const moved = group.map((p) => (p === current ? next : p));
  if (other) [moved[from], moved[to]] = [other, next];
  const rest = data.puppies.filter((p) => p.status !== current.status);
  return [{ ...data, puppies: ordered([...moved, ...rest]) }, next];
}

/**
 * Moves an available puppy to the top of the sold list, titled "{name} – Sold!", with the note
 * for the new family and its main photo (its other photos are released).
 */
export function markSold(
  data: PuppiesData,
  id: string,
  version: number,
  note: string,
  soldTitle: (name: string) => string,
): [PuppiesData, SoldPuppyRecord] {
  const current = find(data, id, version);
  if (current.status !== 'available') throw new PuppyRefused({ form: 'This puppy is already sold.' });
  const [main] = current.photos;
  const sold: SoldPuppyRecord = {
    id,
    version: version + 1,
    status: 'sold',
    name: current.name,
    title: soldTitle(current.name),
    description: note,
    photos: main ? [main] : [],
  };
  const others = data.puppies.filter((p) => p.id !== id);
  const available = others.filter((p) => p.status === 'available');
  const soldList = others.filter((p) => p.status === 'sold');
  const after = { ...data, puppies: [...available, sold, ...soldList] };
  return [withoutReleased(data, after), sold];
}

export function removePuppy(data: PuppiesData, id: string, version: number): PuppiesData {
  find(data, id, version);
  return withoutReleased(data, { ...data, puppies: data.puppies.filter((p) => p.id !== id) });
}

/** Uploads older than `maxAgeMs` that no puppy uses: a form that was never saved. */
export function abandonedPhotos(data: PuppiesData, now: number, maxAgeMs: number): UploadedPhoto[] {
  const used = new Set(data.puppies.flatMap((p) => p.photos.map((photo) => photo.id)));
  return data.photos.filter((photo) => !used.has(photo.id) && now - Date.parse(photo.addedAt) > maxAgeMs);
}
