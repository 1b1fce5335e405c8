/**
 * The responsive variants of every photo, made at build time from public/photos by
 * scripts/build/images.ts and compiled into both bundles as the module "virtual:images", so the
 * server and the browser render identical <picture> markup.
 */
/**
 * A photo with its intrinsic size: by its file name (without extension) in public/photos, whose
 * variants the build makes, or an uploaded one (a puppy's), whose files are named from its id and
 * `widths` (see storedPhotoVariants in src/features/puppies/puppies.ts).
 */
export interface Photo {
  id: string;
  alt: string;
  width: number;
  height: number;
  /** Only for an uploaded photo: the widths its files were made at. */
  widths?: number[];
}

export interface ResponsiveImage {
  /** Intrinsic size of the source photo. */
  width: number;
  height: number;
  /** srcset strings, narrowest first: "/img/daisy-1-480-abc.avif 480w, …" */
  avif: string;
  webp: string;
  jpeg: string;
  /** A JPEG for browsers without srcset. */
  src: string;
}

export type ImageManifest = Record<string, ResponsiveImage>;

/** The link-preview image (Open Graph / Twitter): made by the build, named in the page's head. */
export const SHARE_IMAGE = { path: '/share.jpg', width: 1200, height: 630 } as const;
