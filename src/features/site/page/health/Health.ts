import { html } from 'htm/react';
import type { PageContent } from '../../../../shared/page-content';
import { Icon } from '../../../../ui/components/Icon';
import { useServerContent } from '../../../../ui/landing/content-context';
import * as layout from '../../../../ui/landing/layout.css';
import { serverHtml } from '../../../../ui/server-html';
import { health } from '../site-labels';
import * as styles from './Health.css';

const HEADING_ID = 'health-heading';

const section = () => document.getElementById(HEADING_ID)?.closest('section');

/** Static: rendered by the server only (see server-html.ts). */
export function Health() {
  const site = useServerContent();
  return html`<section
    className=${layout.sectionAlt}
    aria-labelledby=${HEADING_ID}
    ...${SERVER_RENDER ? { children: body(site.health) } : serverHtml(section)}
  />`;
}

function body(content: PageContent['health']) {
  return html`<div className=${`${layout.container} ${styles.card}`}>
      <h2 id=${HEADING_ID} className=${styles.heading}>${health.heading}</h2>
      <ul className=${styles.items}>
        ${content.items.map(
          (item, i) => html`<li key=${i} className=${styles.item}>
            <${Icon} name=${item.icon} size=${32} className=${styles.icon} />
            <h3 className=${styles.title}>${item.title}</h3>
            <p className=${styles.text}>${item.text}</p>
          </li>`,
        )}
      </ul>
    </div>`;
}
