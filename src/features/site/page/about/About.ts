import { html } from 'htm/react';
import type { PageContent } from '../../../../shared/page-content';
import { Icon, type IconName } from '../../../../ui/components/Icon';
import { Picture } from '../../../../ui/components/Picture';
import { useServerContent } from '../../../../ui/landing/content-context';
import { sectionIds } from '../../../../ui/landing/landing-sections';
import * as layout from '../../../../ui/landing/layout.css';
import { staticSection } from '../../../../ui/landing/static-section';
import { about } from '../site-labels';
import * as styles from './About.css';

const HEADING_ID = `${sectionIds.about}-heading`;
const tileIcons: IconName[] = ['calendar', 'mapPin', 'smile', 'sparkle'];

/** Static: rendered by the server only (see server-html.ts). */
export function About() {
  const site = useServerContent();
  return staticSection(sectionIds.about, layout.sectionAlt, SERVER_RENDER && body(site.about));
}

function body(content: PageContent['about']) {
  return html`<div className=${`${layout.container} ${styles.grid}`}>
      <div className=${styles.media}>
        <${Picture} photo=${content.image} className=${styles.photo} sizes="(min-width: 768px) 50vw, 100vw" />
        ${content.badge && html`<p className=${styles.badge}>${content.badge}</p>`}
      </div>
      <div className=${styles.text}>
        <h2 id=${HEADING_ID} className=${styles.heading}>${about.heading}</h2>
        ${content.paragraphs.map((paragraph, i) => html`<p key=${i} className=${styles.paragraph}>${paragraph}</p>`)}
        <dl className=${styles.tiles}>
          ${content.tiles.map(
            (tile, i) => html`<div key=${i} className=${styles.tile}>
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
