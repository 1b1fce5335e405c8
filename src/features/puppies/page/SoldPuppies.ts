import { html } from 'htm/react';
import { Button } from '../../../ui/components/Button';
import * as cards from '../../../ui/landing/cards.css';
import { useServerContent } from '../../../ui/landing/content-context';
import { PhotoButton } from '../../../ui/landing/gallery/PhotoButton';
import { sectionIds } from '../../../ui/landing/landing-sections';
import * as layout from '../../../ui/landing/layout.css';
import { byLitter } from '../../../ui/landing/litter-groups';
import { usePagePuppies } from '../../../ui/landing/use-page-puppies';
import { serverHtml } from '../../../ui/server-html';
import { soldSection } from './puppy-labels';
import * as styles from './SoldPuppies.css';

const HEADING_ID = 'sold-heading';
// The intro changes only with a publish: rendered by the server only (see server-html.ts).
const intro = () => document.getElementById(HEADING_ID)?.nextElementSibling;
const SIZES = '(min-width: 1024px) 33vw, (min-width: 768px) 50vw, 100vw';

/** The sold puppies, the latest sale first; with none yet the section is left out. */
export function SoldPuppies() {
  const { sold: soldPuppies, litters } = usePagePuppies();
  const site = useServerContent();
  if (soldPuppies.length === 0) return null;
  return html`<section id=${sectionIds.soldPuppies} tabIndex=${-1} className=${layout.sectionAlt} aria-labelledby=${HEADING_ID}>
    <div className=${layout.container}>
      <h2 id=${HEADING_ID} className=${layout.heading}>${soldSection.heading}</h2>
      <p className=${layout.intro} ...${SERVER_RENDER ? { children: site.sold.intro } : serverHtml(intro)} />
      ${byLitter(
        soldPuppies,
        litters,
        (list) => html`<div className=${styles.grid}>
        ${list.map(
          (puppy) => html`<article key=${puppy.name} className=${cards.card}>
            <div className=${cards.media}>
              <${PhotoButton} name=${puppy.name} images=${[puppy.image]} sizes=${SIZES} />
              <span className=${cards.nameBadge}>${puppy.name}</span>
            </div>
            <div className=${cards.body}>
              <h3 className=${cards.title}>${puppy.title}</h3>
              <p className=${cards.description}>${puppy.description}</p>
              <${Button} variant="muted" disabled className=${cards.action}>${soldSection.button}<//>
            </div>
          </article>`,
        )}
      </div>`,
      )}
    </div>
  </section>`;
}
