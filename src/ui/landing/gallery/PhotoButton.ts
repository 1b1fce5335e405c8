import { html } from 'htm/react';
import type { MouseEvent } from 'react';
import type { Photo } from '../../../shared/images';
import { Picture } from '../../components/Picture';
import { useOpenLightbox } from './gallery-context';
import { lightbox } from './lightbox-labels';
import * as styles from './PhotoButton.css';

/** A card photo that opens the lightbox on its whole gallery. */
export function PhotoButton({
  name,
  images,
  sizes,
}: {
  name: string;
  images: readonly Photo[];
  sizes: string;
}) {
  const open = useOpenLightbox();
  const [first] = images;
  if (!first) return null;
  return html`<button
    type="button"
    className=${styles.button}
    aria-label=${lightbox.enlarge(name)}
    aria-haspopup="dialog"
    onClick=${(event: MouseEvent<HTMLButtonElement>) => open({ name, images, opener: event.currentTarget })}
  >
    <${Picture} photo=${first} className=${styles.image} sizes=${sizes} />
  </button>`;
}
