import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { ResponsiveImage } from '../../../shared/images';
import type { PhotoFiles } from '../../../storage/photo-files';
import type { StoredPhoto } from '../puppies';
import { decodePhoto, photoFileName } from './process-photo.server';
import { createSerialQueue } from './serial-queue.server';
import { FORMAT_NAMES, type Format } from './settings.server';

export interface ProcessHooks {
  /** The photo decoded and is being encoded: `total` files will be written. */
  onStart?: (total: number) => void;
  onProgress?: (done: number, total: number) => void;
}

/** Random and URL-safe: 16 characters, never reused, so a file name is cacheable forever. */
const newPhotoId = () => randomBytes(12).toString('base64url');

const filesOf = (photo: StoredPhoto) =>
  photo.widths.flatMap((width) => FORMAT_NAMES.map((format) => photoFileName(photo.id, width, format)));

/** "/img/a-480-h.avif 480w, …" → [{ url, width }] */
function parseSrcset(srcset: string): { url: string; width: number }[] {
  return srcset
    .split(',')
    .map((entry) => entry.trim().split(/\s+/))
    .map(([url = '', w = '']) => ({ url, width: Number.parseInt(w, 10) }));
}

/**
 * The processed photos, kept by the storage layer in DATA_DIR/photos. Processing runs one photo
 * at a time (a queue), and a photo's files are all on disk (fsync'd) before it is returned, so
 * the record that names them is never written before them.
 */
export function createPhotoLibrary(files: PhotoFiles) {
  const queue = createSerialQueue();

  return {
    /** Where the files are, to serve them. */
    dir: files.dir,

    /** Decodes (throws PhotoRejected for a bad file) and writes every width and format of a photo. */
    process(input: Buffer, hooks: ProcessHooks = {}): Promise<StoredPhoto> {
      return queue.run(async () => {
        const decoded = await decodePhoto(input);
        const id = newPhotoId();
        const total = decoded.fileCount;
        hooks.onStart?.(total);
        let done = 0;
        try {
          for await (const file of decoded.files(id)) {
            await files.write(file.name, file.data);
            done += 1;
            hooks.onProgress?.(done, total);
          }
          await files.sync();
        } catch (error) {
          await removeFiles(filesOfPartial(id, decoded.widths));
          throw error;
        }
        return { id, width: decoded.width, height: decoded.height, widths: decoded.widths };
      });
    },

    /** Copies a photo the build already encoded (public/photos) under a new random name. */
    async importBuilt(variants: ResponsiveImage, builtPublicDir: string): Promise<StoredPhoto> {
      const id = newPhotoId();
      const sets: Record<Format, string> = { avif: variants.avif, webp: variants.webp, jpeg: variants.jpeg };
      const widths = parseSrcset(variants.jpeg).map((entry) => entry.width);
      for (const format of FORMAT_NAMES) {
        for (const { url, width } of parseSrcset(sets[format])) {
          await files.copyIn(path.join(builtPublicDir, url), photoFileName(id, width, format));
        }
      }
      await files.sync();
      return { id, width: variants.width, height: variants.height, widths };
    },

    /** Deletes the files of photos no puppy uses any more. */
    remove: (photos: readonly StoredPhoto[]) => removeFiles(photos.flatMap(filesOf)),

    /** Deletes files no stored photo names (left by a crash while processing). */
    async removeUnknown(known: readonly StoredPhoto[]): Promise<void> {
      const keep = new Set(known.flatMap(filesOf));
      const names = await files.list();
      await removeFiles(names.filter((name) => !keep.has(name)));
    },
  };

  function filesOfPartial(id: string, widths: number[]) {
    return filesOf({ id, widths, width: 0, height: 0 });
  }

  function removeFiles(names: readonly string[]): Promise<void> {
    return files.remove(names);
  }
}

export type PhotoLibrary = ReturnType<typeof createPhotoLibrary>;
