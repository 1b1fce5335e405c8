import type { ResponsiveImage } from '../../shared/images';

/**
 * The puppies as the breeder manages them (stored in DATA_DIR/puppies.json) and as the admin API
 * answers them. The public page reads them through toPagePuppies (src/shared/page-puppies.ts).
 */

/** Uploaded photos are served from here: DATA_DIR/photos, long-cached (names never repeat). */
export const MEDIA_PATH = '/media';

/**
 * A processed photo: one file per width and format, named `${id}-${width}.${ext}` under
 * MEDIA_PATH. The id is random, so a name never points at two different pictures.
 */
export interface StoredPhoto {
  id: string;
  /** Upright size of the widest file. */
  width: number;
  height: number;
  widths: number[];
}

/** A photo as a puppy uses it: which one, and its alt text (required). */
export interface PhotoRef {
  id: string;
  alt: string;
}

interface PuppyBase {
  id: string;
  /** Bumped by every change: a save based on an older version is refused (two tabs). */
  version: number;
  name: string;
  title: string;
  description: string;
  /** The first is the main photo (the card's). A sold puppy has exactly one. */
  photos: PhotoRef[];
}

/**
 * A puppy as puppies.json stores it (and as the changes in puppy-changes.server.ts work on it):
 * an available one with its tags, or a sold one. The page's view of it is PagePuppy /
 * PageSoldPuppy (src/shared/page-puppies.ts), the admin screens' AdminPuppy (below).
 */
export type PuppyRecord =
  | (PuppyBase & { status: 'available'; coat: string; color: string; personality: string })
  | (PuppyBase & { status: 'sold' });

/** A photo of a puppy as the admin screens show it. */
export interface AdminPhoto extends PhotoRef {
  variants: ResponsiveImage;
}

/** Each kind of stored puppy with its photos' variants (distributed over the union). */
type WithAdminPhotos<T> = T extends PuppyRecord ? Omit<T, 'photos'> & { photos: AdminPhoto[] } : never;

/** A puppy as the admin API answers it: the stored puppy, its photos with their variants. */
export type AdminPuppy = WithAdminPhotos<PuppyRecord>;

/** GET /api/puppies: available puppies, then sold ones, each in page order. */
export interface PuppyList {
  puppies: AdminPuppy[];
}

/** What POST /api/photos streams while it works (one JSON object a line), then the photo. */
export type UploadEvent =
  | { stage: 'queued'; ahead: number }
  | { stage: 'processing'; done: number; total: number }
  | { stage: 'done'; photo: AdminPhoto }
  | { stage: 'failed'; message: string };

const url = (id: string, width: number, ext: string) => `${MEDIA_PATH}/${id}-${width}.${ext}`;

/** The <picture> sources of a stored photo: the same shape as a photo made by the build. */
export function storedPhotoVariants(photo: StoredPhoto): ResponsiveImage {
  const widths = [...photo.widths].sort((a, b) => a - b);
  const set = (ext: string) => widths.map((w) => `${url(photo.id, w, ext)} ${w}w`).join(', ');
  const fallback = widths[Math.min(1, widths.length - 1)] ?? photo.width;
  return {
    width: photo.width,
    height: photo.height,
    avif: set('avif'),
    webp: set('webp'),
    jpeg: set('jpg'),
    src: url(photo.id, fallback, 'jpg'),
  };
}

/** The widest JPEG of a stored photo (for link previews and structured data). */
export function largestJpeg(photo: StoredPhoto): string {
  return url(photo.id, Math.max(...photo.widths), 'jpg');
}
