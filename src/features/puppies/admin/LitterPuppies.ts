import { html } from 'htm/react';
import { Fragment, type ReactNode, useState } from 'react';
import { useFocusAfterChange } from '../../../ui/admin/focus-after-change';
import { usePuppyList } from '../../../ui/admin/queries';
import { Button } from '../../../ui/components/Button';
import type { AdminPuppy } from '../puppies';
import { MarkSoldDialog, RemoveDialog } from './ConfirmDialogs';
import { PuppyForm } from './PuppyForm';
import { actionId, PuppyList } from './PuppyList';
import { puppiesText } from './puppies-text';

/** What is open over the litter: the puppy form (a new puppy, or one to edit) or a question. */
type Open = null | { kind: 'add' } | { kind: 'edit' | 'sold' | 'remove'; puppy: AdminPuppy };

/** A litter's lists' headings (PuppyList), which take focus when a row leaves its list. */
const listId = (litterId: string, list: 'available' | 'sold') => `litter-${litterId}-${list}`;

interface LitterPuppiesProps {
  litterId: string;
  /** The id of the litter's name: "Add puppy" is described by it, and focus falls back to it. */
  titleId: string;
  /** The litter's puppies, in page order. */
  puppies: AdminPuppy[];
  /** Its lists ("Available", "Went home") are shown: the litter is born. */
  lists: boolean;
  /** "Add puppy" is offered: the litter is not past. */
  canAdd: boolean;
  /** What the litter shows under its "Went home" list (its family-photo buttons). */
  children?: ReactNode;
}

/**
 * A litter's puppies on /admin/litters (the slot LitterPuppies, src/ui/admin/slots.ts): the
 * available ones, then those gone home, each with its actions, "Add puppy", and their forms and
 * questions.
 */
export function LitterPuppies({ litterId, titleId, puppies, lists, canAdd, children }: LitterPuppiesProps) {
  const all = usePuppyList().data?.puppies ?? [];
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  // A sold puppy's row moves to its litter's "Went home" list, and focus with it (its Edit); a
  // removed one's leaves the page: focus goes to its list's heading, or the litter's name.
  const focusAfter = useFocusAfterChange();
  const sold = (puppy: AdminPuppy) => {
    close();
    focusAfter({ ids: [actionId(puppy.id, 'edit')], within: listId(litterId, 'sold') });
  };
  const removed = (puppy: AdminPuppy) => {
    close();
    focusAfter({ ids: [listId(litterId, puppy.status === 'sold' ? 'sold' : 'available'), titleId] });
  };
  const onAction = (kind: 'edit' | 'sold' | 'remove', puppy: AdminPuppy) => setOpen({ kind, puppy });
  const available = puppies.filter((puppy) => puppy.status === 'available');
  const wentHome = puppies.filter((puppy) => puppy.status === 'sold');
  const text = puppiesText.litter;

  return html`<${Fragment}>
    ${
      lists &&
      html`<${PuppyList} title=${text.available} headingId=${listId(litterId, 'available')} puppies=${available}
        empty=${text.none} onAction=${onAction} />
      ${
        wentHome.length > 0 &&
        html`<${PuppyList} title=${text.sold} headingId=${listId(litterId, 'sold')} puppies=${wentHome}
        empty="" onAction=${onAction} />
        ${children}`
      }`
    }
    ${canAdd && html`<div><${Button} variant="dark" compact describedBy=${titleId} onClick=${() => setOpen({ kind: 'add' })}>${text.add}<//></div>`}
    ${open?.kind === 'add' && html`<${PuppyForm} puppies=${all} createUrl=${`/api/litters/${litterId}/puppies`} onClose=${close} />`}
    ${open?.kind === 'edit' && html`<${PuppyForm} puppy=${open.puppy} puppies=${all} onClose=${close} />`}
    ${open?.kind === 'sold' && html`<${MarkSoldDialog} puppy=${open.puppy} onClose=${close} onDone=${() => sold(open.puppy)} />`}
    ${open?.kind === 'remove' && html`<${RemoveDialog} puppy=${open.puppy} onClose=${close} onDone=${() => removed(open.puppy)} />`}
  <//>`;
}
