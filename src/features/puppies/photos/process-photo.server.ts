import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { MAX_PHOTO_BYTES, MAX_PHOTO_PIXELS, photoMessages } from '../../../shared/photo-rules';
import { extensionOf, FORMAT_NAMES, FORMATS, type Format, WIDTHS, widthsFor } from './settings.server';

/** Decided by decoding the bytes: the file's name and declared type are never trusted. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

/** A file that is not an acceptable photo: the message says why, for the breeder to read. */
export class PhotoRejected extends Error {
  constructor(
    message: string,
    readonly status: 413 | 415 | 422 = 422,
  ) {
    super(message);
    this.name = 'PhotoRejected';
  }
}

interface EncodedFile {
  format: Format;
  width: number;
  name: string;
  data: Buffer;
}

interface DecodedPhoto {
  /** Upright size of the largest width kept (at most the widest of the standard widths). */
  width: number;
  height: number;
  widths: number[];
  /** Encodes one file at a time, so a caller can report progress and write as it goes. */
  files(id: string): AsyncGenerator<EncodedFile>;
  fileCount: number;
}

const inputOptions = { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error' } as const;

/**
 * Reads the header only (cheap), so a wrong type or a decompression bomb is refused before any
 * pixel is decoded.
 */
async function inspect(input: Buffer): Promise<void> {
  if (input.length === 0) throw new PhotoRejected(photoMessages.empty);
  if (input.length > MAX_PHOTO_BYTES) throw new PhotoRejected(photoMessages.tooBig, 413);
  let meta: Metadata;
  try {
    meta = await sharp(input, inputOptions).metadata();
  } catch (error) {
    if (/pixel limit/i.test((error as Error).message)) throw new PhotoRejected(photoMessages.tooManyPixels);
    throw new PhotoRejected(photoMessages.unreadable, 415);
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) {
    throw new PhotoRejected(meta.format ? photoMessages.format(meta.format) : photoMessages.unreadable, 415);
  }
  const { width = 0, height = 0 } = meta;
  if (width * height > MAX_PHOTO_PIXELS) throw new PhotoRejected(photoMessages.tooManyPixels);
  if (width === 0 || height === 0) throw new PhotoRejected(photoMessages.unreadable, 415);
}

/**
 * Decodes the photo once: turned upright from its EXIF orientation, flattened onto white (a
 * transparent PNG must not turn black as a JPEG), scaled to the widest width the page uses, and
 * held as raw pixels. Raw pixels carry no metadata at all, so nothing of the original file's
 * EXIF (GPS position, camera, dates), XMP, IPTC or comments can reach the encoded files.
 * Throws PhotoRejected for anything that is not a JPEG, PNG or WebP photo within the limits.
 */
export async function decodePhoto(input: Buffer): Promise<DecodedPhoto> {
  await inspect(input);
  let pixels: { data: Buffer; info: OutputInfo };
  try {
    pixels = await sharp(input, inputOptions)
      .rotate()
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .resize({ width: WIDTHS.at(-1), withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (/pixel limit/i.test((error as Error).message)) throw new PhotoRejected(photoMessages.tooManyPixels);
    throw new PhotoRejected(photoMessages.unreadable, 415);
  }
  const { data, info } = pixels;
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  const widths = widthsFor(info.width);
  return {
    width: info.width,
    height: info.height,
    widths,
    fileCount: widths.length * FORMAT_NAMES.length,
    async *files(id: string) {
      for (const width of widths) {
        for (const format of FORMAT_NAMES) {
          const encoded = await FORMATS[format](sharp(data, raw).resize({ width })).toBuffer();
          yield { format, width, name: photoFileName(id, width, format), data: encoded };
        }
      }
    },
  };
}

/** Every file of a photo is named from its random id, its width and its format. */
export const photoFileName = (id: string, width: number, format: Format) =>
  `${id}-${width}.${extensionOf(format)}`;
