import { html } from 'htm/react';
import type { PagePuppy } from '../../../shared/page-puppies';
import { Button } from '../../../ui/components/Button';
import { button } from '../../../ui/components/Button.css';
import { Icon } from '../../../ui/components/Icon';
import * as styles from '../../../ui/landing/cards.css';
import { InquireLink } from '../../../ui/landing/contact/InquireLink';
import { PhotoButton } from '../../../ui/landing/gallery/PhotoButton';
import { puppiesSection } from './puppy-labels';

const SIZES = '(min-width: 1024px) 25vw, (min-width: 768px) 50vw, 100vw';

export function PuppyCard({ puppy }: { puppy: PagePuppy }) {
  const images = puppy.images ?? [puppy.image];
  const { tagLabels } = puppiesSection;
  const tags = [
    [tagLabels.coat, puppy.coat],
    [tagLabels.color, puppy.color],
    [tagLabels.personality, puppy.personality],
  ] as const;
  return html`<article className=${styles.card}>
    <div className=${styles.media}>
      <${PhotoButton} name=${puppy.name} images=${images} sizes=${SIZES} />
      <span className=${styles.nameBadge}>${puppy.name}</span>
      ${puppy.reserved && html`<span className=${styles.reservedBadge} data-testid="reserved-badge">${puppiesSection.reserved}</span>`}
      ${
        images.length > 1 &&
        html`<span className=${styles.countBadge}>
          <${Icon} name="images" size=${16} />${puppiesSection.photoCount(images.length)}
        </span>`
      }
    </div>
    <div className=${styles.body}>
      <h3 className=${styles.title}>${puppy.title}</h3>
      <p className=${styles.description}>${puppy.description}</p>
      <ul className=${styles.tags}>
        ${tags.map(
          ([label, value]) => html`<li key=${label} className=${styles.tag}>
            <span className=${styles.tagLabel}>${label}: </span>${value}
          </li>`,
        )}
      </ul>
      ${
        puppy.reserved
          ? html`<${Button} disabled className=${styles.action}>${puppiesSection.reserved}<//>`
          : html`<${InquireLink} puppy=${puppy.name} className=${`${button.primary} ${styles.action}`}>
              ${puppiesSection.inquireAbout(puppy.name)}
            <//>`
      }
    </div>
  </article>`;
}
