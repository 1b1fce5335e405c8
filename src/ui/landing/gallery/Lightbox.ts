import { html } from 'htm/react';
import { useEffect, useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { Icon } from '../../components/Icon';
import { Picture } from '../../components/Picture';
import type { Gallery } from './gallery-context';
import * as styles from './Lightbox.css';
import { lightbox } from './lightbox-labels';

const TITLE_ID = 'lightbox-title';

/**
 * The photo dialog. Arrows (and the arrow keys) wrap both ways; arrows and the counter appear only
 * when there is more than one photo, as a single photo has nothing to count.
 */
export function Lightbox({ gallery, onClose }: { gallery: Gallery; onClose: () => void }) {
  const [index, setIndex] = useState(0);
  const count = gallery.images.length;
  const several = count > 1;
  const photo = gallery.images[index] ?? gallery.images[0];
  const previous = () => setIndex((i) => (i - 1 + count) % count);
  const next = () => setIndex((i) => (i + 1) % count);

  useEffect(() => {
    if (!several) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') setIndex((i) => (i - 1 + count) % count);
      if (event.key === 'ArrowRight') setIndex((i) => (i + 1) % count);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [several, count]);

  return html`<${Dialog} labelledBy=${TITLE_ID} onClose=${onClose} returnFocusTo=${gallery.opener} className=${styles.panel}>
    <div className=${styles.header}>
      <h2 id=${TITLE_ID} className=${styles.title}>${lightbox.title(gallery.name)}</h2>
      <button type="button" className=${styles.close} aria-label=${lightbox.close} onClick=${onClose}>
        <${Icon} name="close" />
      </button>
    </div>
    <div className=${styles.stage}>
      ${photo && html`<${Picture} key=${photo.id} photo=${photo} loading="eager" className=${styles.image} />`}
      ${
        several &&
        html`<button type="button" className=${styles.previous} aria-label=${lightbox.previous} onClick=${previous}>
            <${Icon} name="chevronLeft" />
          </button>
          <button type="button" className=${styles.next} aria-label=${lightbox.next} onClick=${next}>
            <${Icon} name="chevronRight" />
          </button>`
      }
    </div>
    ${several && html`<p className=${styles.counter} aria-live="polite">${lightbox.counter(index + 1, count)}</p>`}
  <//>`;
}
