import { html } from 'htm/react';
import { about, sectionIds } from '../../../shared/content';
import { Icon, type IconName } from '../../components/Icon';
import { Picture } from '../../components/Picture';
import { serverHtml } from '../../server-html';
import * as layout from '../layout.css';
import * as styles from './About.css';

const HEADING_ID = 'about-heading';
const tileIcons: IconName[] = ['calendar', 'mapPin', 'smile', 'sparkle'];

/** Static: rendered by the server only (see server-html.ts). */
export function About() {
  return html`<section
    id=${sectionIds.about}
    tabIndex=${-1}
    className=${layout.sectionAlt}
    aria-labelledby=${HEADING_ID}
    ...${SERVER_RENDER ? { children: body() } : serverHtml(sectionIds.about)}
  />`;
}

function body() {
  return html`<div className=${`${layout.container} ${styles.grid}`}>
      <div className=${styles.media}>
        <${Picture} photo=${about.image} className=${styles.photo} sizes="(min-width: 768px) 50vw, 100vw" />
        <p className=${styles.badge}>${about.badge}</p>
      </div>
      <div className=${styles.text}>
        <h2 id=${HEADING_ID} className=${styles.heading}>${about.heading}</h2>
        ${about.paragraphs.map((paragraph) => html`<p key=${paragraph} className=${styles.paragraph}>${paragraph}</p>`)}
        <dl className=${styles.tiles}>
          ${about.tiles.map(
            (tile, i) => html`<div key=${tile.label} className=${styles.tile}>
              <dt className=${styles.tileLabel}>
                <${Icon} name=${tileIcons[i] ?? 'sparkle'} size=${20} className=${styles.tileIcon} />${tile.label}
              </dt>
              <dd className=${styles.tileValue}>${tile.value}</dd>
            </div>`,
          )}
        </dl>
      </div>
    </div>`;
}
