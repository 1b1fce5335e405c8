import type { ImageManifest, ResponsiveImage } from './images';

/**
 * The photo map in the browser bundle, compacted: every variant's name follows from the photo's
 * id, its widths and one hash (`/img/{id}-{width}-{hash}.{ext}`, scripts/build/images.ts), so the
 * browser gets those and rebuilds the srcset strings, instead of every file name spelled out
 * three times (decision 043). The server keeps the full map.
 */
export type CompactImages = Record<string, [hash: string, width: number, height: number, widths: number[]]>;

const FORMATS = [
  ['avif', 'avif'],
  ['webp', 'webp'],
  ['jpeg', 'jpg'],
] as const;

function expand(id: string, [hash, width, height, widths]: CompactImages[string]): ResponsiveImage {
  const file = (w: number, ext: string) => `/img/${id}-${w}-${hash}.${ext}`;
  const [avif, webp, jpeg] = FORMATS.map(([, ext]) => widths.map((w) => `${file(w, ext)} ${w}w`).join(', '));
  // The fallback src: a middle width, as the build chose it.
  const fallback = widths[Math.min(1, widths.length - 1)] ?? 0;
  return { width, height, avif: avif ?? '', webp: webp ?? '', jpeg: jpeg ?? '', src: file(fallback, 'jpg') };
}

export function expandImages(compact: CompactImages): ImageManifest {
  return Object.fromEntries(Object.entries(compact).map(([id, photo]) => [id, expand(id, photo)]));
}

/** The compact form of a map; throws if a photo's files are not named as expandImages rebuilds them. */
export function compactImages(images: ImageManifest): CompactImages {
  const compact: CompactImages = {};
  for (const [id, image] of Object.entries(images)) {
    const entries = image.jpeg.split(', ').map((entry) => entry.split(' ')[0] ?? '');
    const hash = /-([0-9a-f]+)\.jpg$/.exec(entries[0] ?? '')?.[1] ?? '';
    const widths = image.jpeg.split(', ').map((entry) => Number.parseInt(entry.split(' ')[1] ?? '', 10));
    compact[id] = [hash, image.width, image.height, widths];
    const again = expand(id, compact[id]);
    if (FORMATS.some(([format]) => again[format] !== image[format]) || again.src !== image.src)
      throw new Error(`photo ${id}: its file names do not follow /img/{id}-{width}-{hash}.{ext}`);
  }
  return compact;
}
