/**
 * What a photo upload may be, checked by the server (by decoding) and, for the size, by the
 * admin screen before sending. Messages are the breeder's to read.
 */
export const MAX_PHOTO_BYTES = 20 * 1024 * 1024;
export const MAX_PHOTO_PIXELS = 40_000_000;

export const photoMessages = {
  empty: 'The file is empty. Choose a JPEG, PNG or WebP photo.',
  unreadable: 'This file is not a photo we can read. Choose a JPEG, PNG or WebP photo.',
  format: (format: string) =>
    `This file is in ${format.toUpperCase()} format. Choose a JPEG, PNG or WebP photo.`,
  tooBig: 'This photo is larger than 20 MB. Choose a smaller one.',
  tooManyPixels: 'This photo has more than 40 megapixels. Choose a smaller one.',
} as const;
