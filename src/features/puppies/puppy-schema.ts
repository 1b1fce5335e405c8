import * as z from 'zod/mini';
import { WAITLIST_CHOICE_PREFIX } from '../../shared/litter-words';

/**
 * The one definition of a valid puppy, parsed the same way by the admin form (messages beside the
 * fields) and by the server (400 with the same messages). Error keys are paths: "name",
 * "photos", "photos.1.alt".
 */

export const PUPPY_LIMITS = {
  name: 40,
  title: 120,
  description: 1000,
  tag: 60,
  alt: 200,
  photos: 12,
} as const;

export const puppyMessages = {
  name: 'Name is required',
  nameLong: `Name must be at most ${PUPPY_LIMITS.name} characters`,
  nameReserved: 'Choose another name',
  nameTaken: (name: string) => `Another available puppy is already called ${name}`,
  title: 'Title is required',
  titleLong: `Title must be at most ${PUPPY_LIMITS.title} characters`,
  description: 'Description is required',
  descriptionLong: `Description must be at most ${PUPPY_LIMITS.description} characters`,
  coat: 'Coat is required',
  color: 'Color is required',
  personality: 'Personality is required',
  tagLong: `Must be at most ${PUPPY_LIMITS.tag} characters`,
  photos: 'Add at least one photo',
  photosMany: `Add at most ${PUPPY_LIMITS.photos} photos`,
  soldPhoto: 'A sold puppy has exactly one photo',
  photoTwice: 'This photo is added twice',
  photoUnknown: 'This photo is no longer available: remove it and upload it again',
  alt: 'Describe this photo for visitors who cannot see it',
  altLong: `Alt text must be at most ${PUPPY_LIMITS.alt} characters`,
  note: 'Write a note to the new family',
  version: 'Reload the page: the version of this puppy is missing',
} as const;

/** The dropdown's "no preference" value and its litters' choices: a puppy may not be called so. */
const isReserved = (name: string) =>
  name.toLowerCase() === 'no-preference' ||
  name.toLowerCase() === 'next litter (waitlist)' ||
  name.toLowerCase().startsWith(WAITLIST_CHOICE_PREFIX.toLowerCase());

const text = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).check(z.trim(), z.minLength(1, required), z.maxLength(max, tooLong));

const photoRef = z.object({
  id: z
    .string({ error: puppyMessages.photoUnknown })
    .check(z.regex(/^[A-Za-z0-9_-]{6,64}$/, puppyMessages.photoUnknown)),
  alt: text(puppyMessages.alt, PUPPY_LIMITS.alt, puppyMessages.altLong),
});

const distinctPhotos = z.refine<{ id: string }[]>(
  (photos) => new Set(photos.map((photo) => photo.id)).size === photos.length,
  puppyMessages.photoTwice,
);

const common = {
  name: text(puppyMessages.name, PUPPY_LIMITS.name, puppyMessages.nameLong).check(
    z.refine((name: string) => !isReserved(name), puppyMessages.nameReserved),
  ),
  title: text(puppyMessages.title, PUPPY_LIMITS.title, puppyMessages.titleLong),
  description: text(puppyMessages.description, PUPPY_LIMITS.description, puppyMessages.descriptionLong),
};

export const availablePuppyInput = z.object({
  ...common,
  coat: text(puppyMessages.coat, PUPPY_LIMITS.tag, puppyMessages.tagLong),
  color: text(puppyMessages.color, PUPPY_LIMITS.tag, puppyMessages.tagLong),
  personality: text(puppyMessages.personality, PUPPY_LIMITS.tag, puppyMessages.tagLong),
  photos: z
    .array(photoRef)
    .check(
      z.minLength(1, puppyMessages.photos),
      z.maxLength(PUPPY_LIMITS.photos, puppyMessages.photosMany),
      distinctPhotos,
    ),
});

export const soldPuppyInput = z.object({
  ...common,
  photos: z.array(photoRef).check(z.length(1, puppyMessages.soldPhoto)),
});

const version = z.number({ error: puppyMessages.version }).check(z.int(), z.positive(puppyMessages.version));

/** PUT /api/puppies/:id: the fields of its kind and the version the form was opened on. */
export const availablePuppyUpdate = z.extend(availablePuppyInput, { version });
export const soldPuppyUpdate = z.extend(soldPuppyInput, { version });

export const markSoldInput = z.object({
  description: text(puppyMessages.note, PUPPY_LIMITS.description, puppyMessages.descriptionLong),
  version,
});

export const moveInput = z.object({ direction: z.enum(['up', 'down']), version });

export const removeInput = z.object({ version });

export type AvailablePuppyInput = z.output<typeof availablePuppyInput>;
export type SoldPuppyInput = z.output<typeof soldPuppyInput>;
export type MarkSoldInput = z.output<typeof markSoldInput>;
