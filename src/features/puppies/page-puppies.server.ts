import type { Photo } from '../../shared/images';
import type { PagePuppies } from '../../shared/page-puppies';
import type { PuppiesData } from '../../storage/puppy-file';
import type { PhotoRef, StoredPhoto } from './puppies';

/**
 * The stored puppies in the shape of the page's content: a main image, and every image in order;
 * an available puppy held for a family (`reserved`, by id) is marked so.
 */
export function toPagePuppies(
  data: Readonly<PuppiesData>,
  reserved: ReadonlySet<string> = new Set(),
): PagePuppies {
  const stored = new Map(data.photos.map((photo) => [photo.id, photo]));
  const photo = (ref: PhotoRef): Photo => {
    const file = stored.get(ref.id) as StoredPhoto;
    // The widths name the files: the page's JSON stays small, the browser builds the srcsets.
    return { id: ref.id, alt: ref.alt, width: file.width, height: file.height, widths: file.widths };
  };
  const page: PagePuppies = { available: [], sold: [] };
  for (const puppy of data.puppies) {
    const images = puppy.photos.filter((ref) => stored.has(ref.id)).map(photo);
    const [image] = images;
    if (!image) continue; // never stored so (the schema requires a photo), but never a card without one
    const { name, title, description } = puppy;
    if (puppy.status === 'available') {
      const { coat, color, personality } = puppy;
      const card = { name, title, description, coat, color, personality, image, images };
      page.available.push(reserved.has(puppy.id) ? { ...card, reserved: true } : card);
    } else page.sold.push({ name, title, description, image });
  }
  return page;
}

/** The ids of the page's cards, in the order toPagePuppies lists them (a puppy with no stored photo has no card). */
export function toPageIds(data: Readonly<PuppiesData>): { available: string[]; sold: string[] } {
  const stored = new Set(data.photos.map((photo) => photo.id));
  const ids = { available: [] as string[], sold: [] as string[] };
  for (const puppy of data.puppies)
    if (puppy.photos.some((ref) => stored.has(ref.id))) ids[puppy.status].push(puppy.id);
  return ids;
}
