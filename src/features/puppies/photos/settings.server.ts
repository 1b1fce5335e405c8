import type { Sharp } from 'sharp';

/**
 * How every photo of the site is encoded: the build (scripts/build/images.ts, for the photos in
 * public/photos) and the server (for the breeder's uploads) both read this one module, so an
 * uploaded puppy photo gets exactly the formats and widths of a built one.
 */

/** Bumped when an encoder setting changes, so the build's cache of encoded files is not reused. */
export const SETTINGS_VERSION = 'v1';

export const WIDTHS = [480, 800, 1200, 1600, 1920] as const;

export const FORMATS = {
  avif: (image: Sharp) => image.avif({ quality: 52, effort: 3 }),
  webp: (image: Sharp) => image.webp({ quality: 74, effort: 4 }),
  jpeg: (image: Sharp) => image.jpeg({ quality: 78, mozjpeg: true, progressive: true }),
} as const;

export type Format = keyof typeof FORMATS;

export const FORMAT_NAMES = Object.keys(FORMATS) as Format[];

export const extensionOf = (format: Format) => (format === 'jpeg' ? 'jpg' : format);

/** The widths made of a photo this wide: the standard ones below it, then its own (at most 1920). */
export function widthsFor(sourceWidth: number): number[] {
  const widths: number[] = WIDTHS.filter((w) => w < sourceWidth);
  return [...widths, Math.min(sourceWidth, WIDTHS.at(-1) ?? sourceWidth)];
}
