import type { ImageManifest } from '../../shared/images';
import type { PhotoRef } from '../../shared/puppies';
import type { PuppiesData, UploadedPhoto } from '../../storage/puppy-file';
import type { PhotoLibrary } from '../photos/photo-library';
import { seedAvailable, seedSold } from './seed-puppies';

/**
 * The puppies.json of a first start: today's puppies (seed-puppies.ts), in page order, with their
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
      id: `seed-available-${index + 1}`,
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
      id: `seed-sold-${index + 1}`,
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
