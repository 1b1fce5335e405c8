/**
 * Turns every source photo in public/photos (JPEG or PNG, full size) into AVIF, WebP and JPEG at
 * several widths, with content-hashed names under dist/public/img, and returns the map the page
 * renders <picture> elements from. Encoded files are cached by source hash in
 * node_modules/.cache, so only a new or changed photo is encoded again (AVIF is slow).
 * Also makes the touch/app icons from public/favicon.svg and the link-preview image.
 */
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
// The encoder settings are shared with the server, which encodes the breeder's uploads the same way.
import {
  extensionOf,
  FORMAT_NAMES,
  FORMATS,
  type Format,
  SETTINGS_VERSION,
  widthsFor,
} from '../../src/features/puppies/photos/settings.server';
import { type ImageManifest, type ResponsiveImage, SHARE_IMAGE } from '../../src/shared/images';

interface Paths {
  root: string;
  outPublic: string;
}

const cacheDir = (root: string) => path.join(root, 'node_modules/.cache/doodle-images');

async function encodeCached(root: string, key: string, make: () => Sharp, target: string) {
  const cached = path.join(cacheDir(root), key);
  const hit = await stat(cached).catch(() => null);
  if (!hit) await make().toFile(cached);
  await copyFile(cached, target);
}

async function buildPhoto({ root, outPublic }: Paths, file: string): Promise<[string, ResponsiveImage]> {
  const id = path.basename(file).replace(/\.(jpe?g|png)$/i, '');
  const source = await readFile(file);
  const hash = createHash('sha1').update(SETTINGS_VERSION).update(source).digest('hex').slice(0, 10);
  const { width = 0, height = 0 } = await sharp(source).metadata();
  const widths = widthsFor(width);
  const srcsets: Record<Format, string[]> = { avif: [], webp: [], jpeg: [] };
  await Promise.all(
    widths.flatMap((w) =>
      FORMAT_NAMES.map(async (format) => {
        const ext = extensionOf(format);
        const name = `${id}-${w}-${hash}.${ext}`;
        await encodeCached(
          root,
          `${hash}-${w}.${ext}`,
          () => FORMATS[format](sharp(source).resize({ width: w })),
          path.join(outPublic, 'img', name),
        );
        srcsets[format].push(`/img/${name} ${w}w`);
      }),
    ),
  );
  const byWidth = (a: string, b: string) =>
    Number.parseInt(a.split(' ')[1] ?? '', 10) - Number.parseInt(b.split(' ')[1] ?? '', 10);
  const jpeg = srcsets.jpeg.sort(byWidth);
  // The fallback src: a middle width, for the rare browser without srcset.
  const fallback = (jpeg[Math.min(1, jpeg.length - 1)] ?? '').split(' ')[0] ?? '';
  return [
    id,
    {
      width,
      height,
      avif: srcsets.avif.sort(byWidth).join(', '),
      webp: srcsets.webp.sort(byWidth).join(', '),
      jpeg: jpeg.join(', '),
      src: fallback,
    },
  ];
}

async function buildIcons({ root, outPublic }: Paths) {
  const svg = await readFile(path.join(root, 'public/favicon.svg'));
  const icons: [string, number][] = [
    ['apple-touch-icon.png', 180],
    ['icon-192.png', 192],
    ['icon-512.png', 512],
  ];
  await Promise.all(
    icons.map(([name, size]) =>
      sharp(svg, { density: 384 }).resize(size, size).png().toFile(path.join(outPublic, name)),
    ),
  );
}

/** The link-preview image (Open Graph / Twitter): the first hero photo at 1200×630. */
async function buildShareImage({ root, outPublic }: Paths, sourceFile: string) {
  const source = await readFile(sourceFile);
  const hash = createHash('sha1')
    .update(`share-${SETTINGS_VERSION}`)
    .update(source)
    .digest('hex')
    .slice(0, 10);
  await encodeCached(
    root,
    `${hash}-share.jpg`,
    () =>
      sharp(source)
        .resize(SHARE_IMAGE.width, SHARE_IMAGE.height, { fit: 'cover', position: 'attention' })
        .jpeg({ quality: 80, mozjpeg: true }),
    path.join(outPublic, SHARE_IMAGE.path),
  );
}

export async function buildImages(
  root: string,
  outPublic: string,
  shareSourceId: string,
): Promise<ImageManifest> {
  const paths = { root, outPublic };
  await mkdir(path.join(outPublic, 'img'), { recursive: true });
  await mkdir(cacheDir(root), { recursive: true });
  const photoDir = path.join(root, 'public/photos');
  const files = (await readdir(photoDir)).filter((name) => /\.(jpe?g|png)$/i.test(name)).sort();
  const entries = await Promise.all(files.map((name) => buildPhoto(paths, path.join(photoDir, name))));
  const share = files.find((name) => name.startsWith(`${shareSourceId}.`));
  await Promise.all([buildIcons(paths), share ? buildShareImage(paths, path.join(photoDir, share)) : null]);
  return Object.fromEntries(entries);
}
