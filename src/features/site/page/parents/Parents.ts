import { html } from 'htm/react';
import type { PageContent } from '../../../../shared/page-content';
import { Picture } from '../../../../ui/components/Picture';
import { useClientContent, useServerContent } from '../../../../ui/landing/content-context';
import * as layout from '../../../../ui/landing/layout.css';
import { staticSection } from '../../../../ui/landing/static-section';
import { parentsSection } from '../site-labels';
import * as styles from './Parents.css';

const HEADING_ID = `${parentsSection.id}-heading`;

/**
 * Meet the Parents: the mother and the father the breeder added (name, breed, photo, health
 * testing). Left out until she adds one. Static: rendered by the server only (see server-html.ts).
 */
export function Parents() {
  const { parents: shown } = useClientContent();
  const site = useServerContent();
  if (!shown) return null;
  return staticSection(parentsSection.id, layout.section, SERVER_RENDER && body(site.parents));
}

function body(content: PageContent['parents']) {
  return html`<div className=${layout.container}>
      <h2 id=${HEADING_ID} className=${layout.heading}>${parentsSection.heading}</h2>
      ${content.intro && html`<p className=${layout.intro}>${content.intro}</p>`}
      <ul className=${styles.list}>
        ${content.list.map(
          (parent) => html`<li key=${parent.role} className=${styles.parent}>
            <${Picture} photo=${parent.image} className=${styles.photo} sizes="(min-width: 768px) 50vw, 100vw" />
            <div className=${styles.body}>
              <p className=${styles.role}>${parent.role}</p>
              <h3 className=${styles.name}>${parent.name}</h3>
              <p className=${styles.breed}>${parent.breed}</p>
              ${
                parent.health.length > 0 &&
                html`<ul className=${styles.health} aria-label=${parentsSection.healthLabel(parent.name)}>
                  ${parent.health.map((line, i) => html`<li key=${i}>${line}</li>`)}
                </ul>`
              }
            </div>
          </li>`,
        )}
      </ul>
    </div>`;
}
