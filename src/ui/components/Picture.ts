import images from 'virtual:images';
import { html } from 'htm/react';
import { storedPhotoVariants } from '../../features/puppies/puppies';
import type { Photo } from '../../shared/images';
import * as styles from './Picture.css';

interface PictureOptions {
  /** Lazy for everything below the fold; eager for the first hero slide and an open lightbox. */
  loading?: 'lazy' | 'eager';
  fetchPriority?: 'high' | 'low' | 'auto';
  /** How wide the photo is drawn, so the browser picks the smallest file that is sharp enough. */
  sizes?: string;
  className?: string;
}

/**
 * The one place a photo becomes markup: AVIF, then WebP, then JPEG, each at several widths (made
 * at build time from public/photos, or at upload for the breeder's photos), always with the intrinsic size so nothing shifts as it loads.
 */
export function Picture({
  photo,
  loading = 'lazy',
  fetchPriority,
  sizes = '100vw',
  className,
}: PictureOptions & { photo: Photo }) {
  const variants = photo.widths ? storedPhotoVariants({ ...photo, widths: photo.widths }) : images[photo.id];
  const img = html`<img
    src=${variants?.src ?? `/photos/${photo.id}.jpg`}
    srcSet=${variants?.jpeg}
    sizes=${variants ? sizes : undefined}
    alt=${photo.alt}
    width=${photo.width}
    height=${photo.height}
    loading=${loading}
    decoding=${loading === 'eager' ? undefined : 'async'}
    fetchPriority=${fetchPriority}
    className=${className}
  />`;
  if (!variants) return img;
  return html`<picture className=${styles.picture}>
    <source type="image/avif" srcSet=${variants.avif} sizes=${sizes} />
    <source type="image/webp" srcSet=${variants.webp} sizes=${sizes} />
    ${img}
  </picture>`;
}
