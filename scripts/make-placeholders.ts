/**
 * Draws an original placeholder photo for every photo a fresh install seeds (the content's in
 * src/features/site/spec-content.server.ts, the puppies' in src/features/puppies/spec-puppies.server.ts)
 * and writes it to public/photos/<id>.jpg at the size declared there:
 *
 *   npx tsx scripts/make-placeholders.ts
 *
 * Each picture is a soft scene (blurred outdoor or indoor background, fluffy doodle-shaped puppies)
 * with film grain, so the files weigh what real photos weigh and the page is tested under real
 * conditions. A seeded random generator makes every run produce the same files. To use real
 * photos instead, see the README ("Changing the other content").
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { seedPhotos } from '../src/features/puppies/spec-puppies.server';
import { contentPhotos } from '../src/features/site/spec-content.server';
import type { Photo } from '../src/shared/images';

/** Enough grain that each JPEG weighs what a real photo of its size weighs (roughly 150–500 KB). */
const GRAIN_SIGMA = 34;

const outDir = path.resolve(import.meta.dirname, '..', 'public', 'photos');

/** mulberry32: small, fast and deterministic. */
function seeded(text: string): () => number {
  let seed = [...text].reduce((hash, char) => Math.imul(hash ^ char.charCodeAt(0), 16777619), 2166136261);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Coat {
  base: string;
  shade: string;
  light: string;
  /** A second colour in patches (parti, black & white). */
  patch?: string;
}

const coats = {
  cream: { base: '#ecd3ac', shade: '#c9a878', light: '#fbecd2' },
  apricot: { base: '#e0a86a', shade: '#b77a3f', light: '#f3cb97' },
  red: { base: '#b8692f', shade: '#8a4a1d', light: '#d88d4f' },
  white: { base: '#f4eee4', shade: '#d3c8b8', light: '#ffffff' },
  blackWhite: { base: '#26221f', shade: '#111010', light: '#4a4440', patch: '#f2ede6' },
  parti: { base: '#f1ebe2', shade: '#cfc4b4', light: '#ffffff', patch: '#262220' },
} satisfies Record<string, Coat>;

type Scene = 'garden' | 'porch' | 'blanket' | 'lawn';

interface Plan {
  scene: Scene;
  puppies: Coat[];
}

/** What each photo shows; an id not listed gets a cream puppy in the garden. */
const plans: Record<string, Plan> = {
  'slide-boys': { scene: 'lawn', puppies: [coats.cream, coats.apricot, coats.cream] },
  'slide-girls': { scene: 'blanket', puppies: [coats.apricot, coats.cream, coats.white] },
  'slide-snuggle': { scene: 'blanket', puppies: [coats.cream, coats.red, coats.apricot, coats.cream] },
  'about-litter': { scene: 'lawn', puppies: [coats.blackWhite, coats.parti, coats.cream, coats.apricot] },
  'daisy-1': { scene: 'porch', puppies: [coats.blackWhite] },
  'daisy-2': { scene: 'garden', puppies: [coats.blackWhite] },
  'luna-1': { scene: 'blanket', puppies: [coats.parti] },
  'luna-2': { scene: 'lawn', puppies: [coats.parti] },
  'sold-maple': { scene: 'garden', puppies: [coats.cream] },
  'sold-honey': { scene: 'porch', puppies: [coats.apricot] },
  'sold-biscuit': { scene: 'garden', puppies: [coats.red] },
  'sold-clover': { scene: 'blanket', puppies: [coats.cream] },
  'sold-pearl': { scene: 'blanket', puppies: [coats.white] },
};

const sceneColors: Record<Scene, { top: string; middle: string; bottom: string; bokeh: string[] }> = {
  garden: { top: '#b9d3a2', middle: '#7fa65d', bottom: '#55783a', bokeh: ['#f7f1c6', '#e9b8c8', '#fff6de'] },
  lawn: { top: '#cfe3ef', middle: '#9cc27a', bottom: '#5f8a40', bokeh: ['#fffbe8', '#f5e3a1', '#ffffff'] },
  porch: { top: '#e9d6bd', middle: '#b88d63', bottom: '#8a6142', bokeh: ['#fff1d6', '#ffe2b0', '#f6d3a6'] },
  blanket: { top: '#efe2cf', middle: '#d9b99a', bottom: '#b98f74', bokeh: ['#fff7ea', '#ffe9c9', '#f3d2c0'] },
};

function background(photo: Photo, scene: Scene, random: () => number): string {
  const { width: w, height: h } = photo;
  const c = sceneColors[scene];
  const horizon = h * (0.45 + random() * 0.15);
  const bokeh = Array.from({ length: 26 }, () => {
    const r = (0.02 + random() * 0.07) * w;
    const color = c.bokeh[Math.floor(random() * c.bokeh.length)];
    const cy = random() * horizon * 1.1;
    return `<circle cx="${random() * w}" cy="${cy}" r="${r}" fill="${color}" opacity="${0.25 + random() * 0.45}"/>`;
  }).join('');
  const stripes =
    scene === 'porch'
      ? Array.from(
          { length: 9 },
          (_, i) =>
            `<rect x="0" y="${horizon + i * (h / 14)}" width="${w}" height="${h / 40}" fill="#6e4a31" opacity="0.35"/>`,
        ).join('')
      : scene === 'blanket'
        ? Array.from(
            { length: 7 },
            (_, i) =>
              `<path d="M0 ${horizon + i * (h / 12)} Q ${w / 2} ${horizon + i * (h / 12) - h / 30} ${w} ${horizon + i * (h / 12)}" stroke="#f6e7d6" stroke-width="${h / 70}" fill="none" opacity="0.5"/>`,
          ).join('')
        : Array.from(
            { length: 140 },
            () =>
              `<ellipse cx="${random() * w}" cy="${horizon + random() * (h - horizon)}" rx="${w / 60}" ry="${h / 200}" fill="${random() > 0.5 ? '#3f6128' : '#a9cf80'}" opacity="0.4"/>`,
          ).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
    <defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="${c.top}"/><stop offset="${horizon / h}" stop-color="${c.middle}"/><stop offset="1" stop-color="${c.bottom}"/>
      </linearGradient>
      <radialGradient id="sun" cx="${0.2 + random() * 0.6}" cy="0.15" r="0.7">
        <stop offset="0" stop-color="#fff8e6" stop-opacity="0.8"/><stop offset="1" stop-color="#fff8e6" stop-opacity="0"/>
      </radialGradient>
    </defs>
    <rect width="${w}" height="${h}" fill="url(#sky)"/>
    ${bokeh}${stripes}
    <rect width="${w}" height="${h}" fill="url(#sun)"/>
  </svg>`;
}

/** One fluffy puppy: body, head, drooping ears, a coat of curls, eyes and nose. */
function puppy(cx: number, cy: number, size: number, coat: Coat, random: () => number): string {
  const parts: string[] = [];
  const curls = (x: number, y: number, rx: number, ry: number, count: number, colors: string[]) => {
    for (let i = 0; i < count * 2; i++) {
      const angle = random() * Math.PI * 2;
      const distance = Math.sqrt(random());
      const px = x + Math.cos(angle) * rx * distance;
      const py = y + Math.sin(angle) * ry * distance;
      const r = size * (0.022 + random() * 0.03);
      const color = colors[Math.floor(random() * colors.length)];
      parts.push(`<circle cx="${px.toFixed(1)}" cy="${py.toFixed(1)}" r="${r.toFixed(1)}" fill="${color}"/>`);
    }
  };
  const fur = [coat.base, coat.base, coat.shade, coat.light];
  const headY = cy - size * 0.45;
  // shadow on the ground
  parts.push(
    `<ellipse cx="${cx}" cy="${cy + size * 0.55}" rx="${size * 0.75}" ry="${size * 0.12}" fill="#2b1d12" opacity="0.25"/>`,
  );
  // body and legs
  parts.push(
    `<ellipse cx="${cx}" cy="${cy + size * 0.15}" rx="${size * 0.55}" ry="${size * 0.45}" fill="${coat.base}"/>`,
  );
  curls(cx, cy + size * 0.15, size * 0.55, size * 0.45, 260, fur);
  for (const dx of [-0.3, 0.3]) {
    parts.push(
      `<rect x="${cx + dx * size - size * 0.1}" y="${cy + size * 0.25}" width="${size * 0.2}" height="${size * 0.32}" rx="${size * 0.09}" fill="${coat.base}"/>`,
    );
    curls(cx + dx * size, cy + size * 0.45, size * 0.11, size * 0.12, 30, fur);
  }
  if (coat.patch) {
    parts.push(
      `<ellipse cx="${cx + size * 0.05}" cy="${cy + size * 0.1}" rx="${size * 0.25}" ry="${size * 0.3}" fill="${coat.patch}"/>`,
    );
    curls(cx + size * 0.05, cy + size * 0.1, size * 0.24, size * 0.28, 90, [coat.patch]);
  }
  // ears behind the head
  for (const side of [-1, 1]) {
    parts.push(
      `<ellipse cx="${cx + side * size * 0.36}" cy="${headY + size * 0.12}" rx="${size * 0.16}" ry="${size * 0.3}" transform="rotate(${side * -12} ${cx + side * size * 0.36} ${headY})" fill="${coat.shade}"/>`,
    );
    curls(cx + side * size * 0.36, headY + size * 0.14, size * 0.15, size * 0.28, 70, [
      coat.shade,
      coat.base,
    ]);
  }
  // head
  parts.push(`<circle cx="${cx}" cy="${headY}" r="${size * 0.36}" fill="${coat.base}"/>`);
  curls(cx, headY - size * 0.04, size * 0.36, size * 0.34, 220, fur);
  const muzzle = coat.patch ?? coat.light;
  parts.push(
    `<ellipse cx="${cx}" cy="${headY + size * 0.13}" rx="${size * 0.17}" ry="${size * 0.13}" fill="${muzzle}"/>`,
  );
  curls(cx, headY + size * 0.13, size * 0.16, size * 0.12, 45, [muzzle]);
  // eyes and nose
  for (const side of [-1, 1]) {
    const ex = cx + side * size * 0.13;
    const ey = headY - size * 0.04;
    parts.push(`<circle cx="${ex}" cy="${ey}" r="${size * 0.045}" fill="#1a120c"/>`);
    parts.push(
      `<circle cx="${ex - size * 0.012}" cy="${ey - size * 0.014}" r="${size * 0.013}" fill="#fff" opacity="0.85"/>`,
    );
  }
  parts.push(
    `<ellipse cx="${cx}" cy="${headY + size * 0.09}" rx="${size * 0.065}" ry="${size * 0.045}" fill="#1a120c"/>`,
  );
  parts.push(
    `<ellipse cx="${cx}" cy="${headY + size * 0.2}" rx="${size * 0.04}" ry="${size * 0.03}" fill="#d9777a"/>`,
  );
  return parts.join('');
}

function foreground(photo: Photo, plan: Plan, random: () => number): string {
  const { width: w, height: h } = photo;
  const count = plan.puppies.length;
  const landscape = w > h;
  const size = landscape ? h * (count > 3 ? 0.34 : 0.4) : w * (count > 1 ? 0.3 : 0.62);
  const puppies = plan.puppies
    .map((coat, i) => {
      const spread = landscape ? w * 0.62 : w * 0.72;
      const x = count === 1 ? w / 2 : w / 2 - spread / 2 + (spread * i) / (count - 1);
      const y = (landscape ? h * 0.62 : h * 0.6) + (random() - 0.5) * size * 0.25;
      return puppy(x, y, size * (0.9 + random() * 0.2), coat, random);
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${puppies}</svg>`;
}

/** Luminance grain from the seeded generator (libvips' own noise differs on every run). */
function filmGrain(width: number, height: number, random: () => number): Buffer {
  const grain = Buffer.alloc(width * height);
  for (let i = 0; i < grain.length; i += 2) {
    // Box–Muller: two normal samples from two uniform ones.
    const radius = Math.sqrt(-2 * Math.log(1 - random())) * GRAIN_SIGMA;
    const angle = 2 * Math.PI * random();
    grain[i] = Math.max(0, Math.min(255, 128 + radius * Math.cos(angle)));
    grain[i + 1] = Math.max(0, Math.min(255, 128 + radius * Math.sin(angle)));
  }
  return grain;
}

async function makePhoto(photo: Photo): Promise<number> {
  const random = seeded(photo.id);
  const plan = plans[photo.id] ?? { scene: 'garden', puppies: [coats.cream] };
  const { width, height } = photo;
  const [backdrop, subject, grain] = await Promise.all([
    sharp(Buffer.from(background(photo, plan.scene, random)))
      .blur(28)
      .png()
      .toBuffer(),
    sharp(Buffer.from(foreground(photo, plan, random)))
      .blur(1.6)
      .png()
      .toBuffer(),
    sharp(filmGrain(width, height, random), { raw: { width, height, channels: 1 } })
      .blur(0.5)
      .png()
      .toBuffer(),
  ]);
  const file = path.join(outDir, `${photo.id}.jpg`);
  const info = await sharp(backdrop)
    .composite([{ input: subject }, { input: grain, blend: 'soft-light' }])
    .jpeg({ quality: 82, mozjpeg: true, progressive: true })
    .toFile(file);
  return info.size;
}

await mkdir(outDir, { recursive: true });
for (const photo of [...contentPhotos(), ...seedPhotos()]) {
  const bytes = await makePhoto(photo);
  console.log(
    `public/photos/${photo.id}.jpg  ${photo.width}x${photo.height}  ${Math.round(bytes / 1024)} KB`,
  );
}
