import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compactImages, expandImages } from './image-variants';
import type { ImageManifest } from './images';

const images: ImageManifest = {
  'daisy-1': {
    width: 1200,
    height: 1500,
    avif: '/img/daisy-1-480-0a1b2c3d4e.avif 480w, /img/daisy-1-800-0a1b2c3d4e.avif 800w, /img/daisy-1-1200-0a1b2c3d4e.avif 1200w',
    webp: '/img/daisy-1-480-0a1b2c3d4e.webp 480w, /img/daisy-1-800-0a1b2c3d4e.webp 800w, /img/daisy-1-1200-0a1b2c3d4e.webp 1200w',
    jpeg: '/img/daisy-1-480-0a1b2c3d4e.jpg 480w, /img/daisy-1-800-0a1b2c3d4e.jpg 800w, /img/daisy-1-1200-0a1b2c3d4e.jpg 1200w',
    src: '/img/daisy-1-800-0a1b2c3d4e.jpg',
  },
  small: {
    width: 300,
    height: 200,
    avif: '/img/small-300-ffff000011.avif 300w',
    webp: '/img/small-300-ffff000011.webp 300w',
    jpeg: '/img/small-300-ffff000011.jpg 300w',
    src: '/img/small-300-ffff000011.jpg',
  },
};

test('the compact photo map expands to exactly the build map', () => {
  const compact = compactImages(images);
  assert.deepEqual(compact.small, ['ffff000011', 300, 200, [300]]);
  assert.deepEqual(expandImages(JSON.parse(JSON.stringify(compact))), images);
});

test('a photo whose files are named otherwise stops the build instead of breaking the page', () => {
  const renamed = {
    ...images,
    small: { ...images.small, src: '/img/small-300-ffff000011.png' },
  } as ImageManifest;
  assert.throws(() => compactImages(renamed), /photo small/);
  const mixed = {
    ...images,
    small: { ...images.small, webp: '/img/other-300-ffff000011.webp 300w' },
  } as ImageManifest;
  assert.throws(() => compactImages(mixed), /photo small/);
});
