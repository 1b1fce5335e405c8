import { html } from 'htm/react';
import type { PastLitter } from '../../../shared/page-puppies';
import { Picture } from '../../../ui/components/Picture';
import * as cards from '../../../ui/landing/cards.css';
import * as layout from '../../../ui/landing/layout.css';
import { staticSection } from '../../../ui/landing/static-section';
import { usePagePuppies } from '../../../ui/landing/use-page-puppies';
import * as styles from './PastLitters.css';

const ID = 'past-litters';
const SIZES = '(min-width: 1024px) 25vw, (min-width: 768px) 33vw, 50vw';

/**
 * "Past Litters" (issue 27): after the sold puppies, once a litter is past; each with its name,
 * birth date, parents and its puppies' photos and names, and a puppy's "Happy family" photo and
 * quote when she added one. Her words are text. Static: rendered by the server only (decision 043).
 */
export function PastLitters() {
  const { past } = usePagePuppies();
  if (!past) return null;
  return staticSection(
    ID,
    layout.section,
    SERVER_RENDER &&
      html`<div className=${layout.container}>
        <h2 id=${`${ID}-heading`} className=${layout.heading}>Past Litters</h2>
        ${past.map(litterBlock)}
      </div>`,
  );
}

function litterBlock(litter: PastLitter, index: number) {
  const nameId = `${ID}-${index + 1}`;
  const facts = [litter.born && `Born ${litter.born}`, litter.parents && `Parents: ${litter.parents}`].filter(
    Boolean,
  );
  return html`<article key=${nameId} className=${styles.litter} aria-labelledby=${nameId}>
    <h3 id=${nameId} className=${styles.name}>${litter.name}</h3>
    ${facts.length > 0 && html`<p className=${styles.facts}>${facts.join(' · ')}</p>`}
    <ul className=${styles.grid}>
      ${litter.puppies.map(
        (puppy) => html`<li key=${puppy.name} className=${cards.card}>
          <div className=${cards.media}>
            <${Picture} photo=${puppy.family?.image ?? puppy.image} sizes=${SIZES} />
            <span className=${cards.nameBadge}>${puppy.name}</span>
          </div>
          ${
            puppy.family &&
            html`<div className=${cards.body}>
              ${puppy.family.image && html`<p className=${styles.happy}>Happy family</p>`}
              ${puppy.family.quote && html`<blockquote className=${styles.quote}>${puppy.family.quote}</blockquote>`}
            </div>`
          }
        </li>`,
      )}
    </ul>
  </article>`;
}
