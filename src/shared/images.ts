/**
 * The responsive variants of every photo, made at build time from public/photos by
 * scripts/build/images.ts and compiled into both bundles as the module "virtual:images", so the
 * server and the browser render identical <picture> markup.
 */
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
