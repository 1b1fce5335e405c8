import { html } from 'htm/react';
import * as card from '../../../ui/admin/Card.css';
import { useFocusAfterChange } from '../../../ui/admin/focus-after-change';
import { useAdminSlots } from '../../../ui/admin/slots';
import { Button } from '../../../ui/components/Button';
import type { AdminPuppy } from '../puppies';
import * as styles from './puppies.css';
import { usePuppyChange } from './puppies-data';
import { puppiesText } from './puppies-text';

type Action = 'edit' | 'sold' | 'remove';

/** Ids of a puppy row's buttons, for focus to find them after a change. */
export const actionId = (puppyId: string, action: 'edit' | 'up' | 'down') => `puppy-${puppyId}-${action}`;

interface PuppyListProps {
  title: string;
  headingId: string;
  puppies: AdminPuppy[];
  empty: string;
  onAction: (action: Action, puppy: AdminPuppy) => void;
}

/** One of the two lists (available, sold), in page order, each puppy with its actions. */
export function PuppyList({ title, headingId, puppies, empty, onAction }: PuppyListProps) {
  const change = usePuppyChange();
  const { PuppyReservedBy } = useAdminSlots();
  const focusAfter = useFocusAfterChange(change.isPending);
  // Focus stays with the moved puppy: on the same button, or the other one at either end.
  const move = (puppy: AdminPuppy, direction: 'up' | 'down') =>
    change.mutate(
      { method: 'POST', url: `/api/puppies/${puppy.id}/move`, body: { direction, version: puppy.version } },
      {
        onSuccess: () =>
          focusAfter({
            ids: [
              actionId(puppy.id, direction),
              actionId(puppy.id, direction === 'up' ? 'down' : 'up'),
              actionId(puppy.id, 'edit'),
            ],
          }),
      },
    );
  const { actions } = puppiesText;

  return html`<section aria-labelledby=${headingId}>
    <h2 id=${headingId} className=${styles.sectionTitle} tabIndex=${-1}>${title}</h2>
    ${
      puppies.length === 0
        ? html`<p className=${styles.empty}>${empty}</p>`
        : html`<ol className=${styles.list}>
          ${puppies.map((puppy, index) => {
            const nameId = `puppy-${puppy.id}-name`;
            const main = puppy.photos[0];
            return html`<li key=${puppy.id} className=${styles.row} data-puppy=${puppy.name}>
              ${
                main
                  ? html`<img className=${styles.thumb} src=${main.variants.src} srcSet=${main.variants.jpeg} sizes="72px" alt="" width=${main.variants.width} height=${main.variants.height} />`
                  : html`<span className=${styles.thumb} />`
              }
              <div>
                <p id=${nameId} className=${styles.name}>${puppy.name}</p>
                <p className=${styles.subtitle}>${puppy.title}</p>
                ${puppy.status === 'available' && html`<${PuppyReservedBy} puppyId=${puppy.id} />`}
              </div>
              <div className=${card.actions}>
                <${Button} variant="outline" compact id=${actionId(puppy.id, 'edit')} describedBy=${nameId} onClick=${() => onAction('edit', puppy)}>${actions.edit}<//>
                <${Button} variant="outline" compact id=${actionId(puppy.id, 'up')} describedBy=${nameId} disabled=${index === 0 || change.isPending}
                  onClick=${() => move(puppy, 'up')}>${actions.up}<//>
                <${Button} variant="outline" compact id=${actionId(puppy.id, 'down')} describedBy=${nameId} disabled=${index === puppies.length - 1 || change.isPending}
                  onClick=${() => move(puppy, 'down')}>${actions.down}<//>
                ${
                  puppy.status === 'available' &&
                  html`<${Button} variant="outline" compact describedBy=${nameId} onClick=${() => onAction('sold', puppy)}>${actions.sold}<//>`
                }
                <${Button} variant="outline" compact describedBy=${nameId} onClick=${() => onAction('remove', puppy)}>${actions.remove}<//>
              </div>
            </li>`;
          })}
        </ol>`
    }
  </section>`;
}
