import { html } from 'htm/react';
import type { LitterGroup } from '../../shared/page-puppies';
import * as styles from './litter-groups.css';

/**
 * The cards under their litters' headings (name, birth date, age in words) while two or more
 * litters are born (issue 27); otherwise the one grid, as the spec's page has it.
 */
export function byLitter<T extends { litter?: number }>(
  cards: T[],
  litters: LitterGroup[] | undefined,
  grid: (cards: T[]) => unknown,
) {
  if (!litters) return grid(cards);
  return litters.map((litter, index) => {
    const own = cards.filter((card) => card.litter === index);
    return (
      own.length > 0 &&
      html`<div key=${litter.name} className=${styles.group}>
        <h3 className=${styles.name}>${litter.name}</h3>
        <p className=${styles.facts}>Born ${litter.born} · ${litter.age}</p>
        ${grid(own)}
      </div>`
    );
  });
}
