import type { ImageManifest } from '../../shared/images';
import type { PuppiesData, UploadedPhoto } from '../../storage/puppy-file';
import type { PhotoLibrary } from './photos/photo-library.server';
import type { PhotoRef } from './puppies';
import { seedAvailable, seedSold } from './spec-puppies.server';

/** The ids a first start gives the seed's puppies, in page order (available, then sold). */
const seedIds = [
  ...seedAvailable.map((_, index) => `seed-available-${index + 1}`),
  ...seedSold.map((_, index) => `seed-sold-${index + 1}`),
];

/**
 * Whether the puppies are still exactly those a first start wrote: none added, removed, moved,
 * edited or sold (each of these gives a puppy a new id or version) and none held for a family.
 * While they are, the about badge keeps the spec's words (decision 082).
 */
export function isUntouchedSeed(data: Readonly<PuppiesData>, held: ReadonlySet<string>): boolean {
  return (
    data.puppies.length === seedIds.length &&
    data.puppies.every(
      (puppy, index) => puppy.id === seedIds[index] && puppy.version === 1 && !held.has(puppy.id),
    )
  );
}

/**
 * The puppies.json of a first start: today's puppies (spec-puppies.server.ts), in page order, with their
 * photos copied from the build's encoded files under new random names, so a fresh install shows
 * the page it showed before the litter manager, apart from the photos' URLs.
 */
export async function seedPuppies(
  library: PhotoLibrary,
  images: ImageManifest,
  builtPublicDir: string,
): Promise<PuppiesData> {
  const photos: UploadedPhoto[] = [];
  const addedAt = new Date().toISOString();
  const stored = async (photo: { id: string; alt: string }): Promise<PhotoRef> => {
    const variants = images[photo.id];
    if (!variants) throw new Error(`The build made no photo "${photo.id}": run npm run build`);
    const copy = await library.importBuilt(variants, builtPublicDir);
    photos.push({ ...copy, addedAt });
    return { id: copy.id, alt: photo.alt };
  };
  const data: PuppiesData = { puppies: [], photos };
  for (const [index, puppy] of seedAvailable.entries()) {
    const refs: PhotoRef[] = [];
    for (const photo of puppy.images ?? [puppy.image]) refs.push(await stored(photo));
    const { name, title, description, coat, color, personality } = puppy;
    data.puppies.push({
      id: seedIds[index] as string,
      version: 1,
      status: 'available',
      name,
      title,
      description,
      coat,
      color,
      personality,
      photos: refs,
    });
  }
  for (const [index, puppy] of seedSold.entries()) {
    const { name, title, description } = puppy;
    const photo = await stored(puppy.image);
    data.puppies.push({
      id: seedIds[seedAvailable.length + index] as string,
      version: 1,
      status: 'sold',
      name,
      title,
      description,
      photos: [photo],
    });
  }
  return data;
}
