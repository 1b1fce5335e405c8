import { html } from 'htm/react';
import { useState } from 'react';
import { paths } from '../../../shared/routes';
import * as page from '../../../ui/admin/AdminPage.css';
import * as card from '../../../ui/admin/Card.css';
import * as dashboard from '../../../ui/admin/dashboard/Dashboard.css';
import { ErrorAlert } from '../../../ui/admin/ErrorAlert';
import { usePuppyList } from '../../../ui/admin/queries';
import { RequireUser } from '../../../ui/admin/RequireUser';
import { useAdminSlots } from '../../../ui/admin/slots';
import { Button } from '../../../ui/components/Button';
import { Spinner } from '../../../ui/components/Spinner';
import { LitterUpdatesCard } from '../../family/admin/LitterUpdatesCard';
import type { AdminPuppy } from '../puppies';
import { MarkSoldDialog, RemoveDialog } from './ConfirmDialogs';
import { actionId, useFocusAfterChange } from './focus-after-change';
import { PuppyForm } from './PuppyForm';
import { PuppyList } from './PuppyList';
import { puppiesText } from './text';

/** What is open over the list: nothing, the form (new or editing), or a confirmation. */
type Open = null | { kind: 'add' } | { kind: 'edit' | 'sold' | 'remove'; puppy: AdminPuppy };

/** The two lists' headings, which name them (and take focus when a row leaves for good). */
const headingIds = { available: 'available-title', sold: 'sold-title' } as const;

/** /admin/puppies, protected like /admin. */
export function PuppiesPage() {
  return html`<${RequireUser} page=${() => html`<${LitterManager} />`} />`;
}

function LitterManager() {
  const list = usePuppyList();
  const { NextLitter } = useAdminSlots();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const focusAfter = useFocusAfterChange();
  // A sold puppy's row moves to the sold list; a removed one's leaves the page.
  const sold = (puppy: AdminPuppy) => {
    close();
    focusAfter({ ids: [actionId(puppy.id, 'edit')], within: headingIds.sold });
  };
  const removed = (puppy: AdminPuppy) => {
    close();
    focusAfter({ ids: [headingIds[puppy.status]] });
  };
  const puppies = list.data?.puppies ?? [];
  const available = puppies.filter((p) => p.status === 'available');
  const soldPuppies = puppies.filter((p) => p.status === 'sold');

  let body: unknown;
  if (list.isPending) body = html`<${Spinner} block label=${puppiesText.loading} />`;
  else if (list.isError)
    body = html`<${ErrorAlert} title=${puppiesText.loadError} message=${list.error.message} />`;
  else
    body = html`
      <${PuppyList} title=${puppiesText.available} headingId=${headingIds.available} puppies=${available}
        empty=${puppiesText.noneAvailable} onAction=${(kind: 'edit' | 'sold' | 'remove', puppy: AdminPuppy) => setOpen({ kind, puppy })} />
      <${PuppyList} title=${puppiesText.sold} headingId=${headingIds.sold} puppies=${soldPuppies}
        empty=${puppiesText.noneSold} onAction=${(kind: 'edit' | 'sold' | 'remove', puppy: AdminPuppy) => setOpen({ kind, puppy })} />`;

  return html`<main className=${page.page}>
    <div className=${page.container}>
      <nav aria-label=${puppiesText.breadcrumb} className=${dashboard.breadcrumb}>
        <ol className=${dashboard.crumbs}>
          <li><a href=${paths.landing}>${puppiesText.home}</a></li>
          <li aria-hidden="true">${'>'}</li>
          <li><a href=${paths.admin}>${puppiesText.admin}</a></li>
          <li aria-hidden="true">${'>'}</li>
          <li aria-current="page">${puppiesText.title}</li>
        </ol>
      </nav>
      <section className=${card.card} aria-labelledby="puppies-title">
        <div className=${card.header}>
          <div>
            <h1 id="puppies-title" className=${dashboard.title}>${puppiesText.title}</h1>
            <p className=${card.description}>${puppiesText.intro}</p>
          </div>
          <${Button} variant="dark" compact onClick=${() => setOpen({ kind: 'add' })} disabled=${!list.isSuccess}>${puppiesText.add}<//>
        </div>
        <div className=${card.content}>${body}</div>
      </section>
      <${NextLitter} />
      <${LitterUpdatesCard} />
    </div>
    ${open?.kind === 'add' && html`<${PuppyForm} puppies=${puppies} onClose=${close} />`}
    ${open?.kind === 'edit' && html`<${PuppyForm} puppy=${open.puppy} puppies=${puppies} onClose=${close} />`}
    ${open?.kind === 'sold' && html`<${MarkSoldDialog} puppy=${open.puppy} onClose=${close} onDone=${() => sold(open.puppy)} />`}
    ${open?.kind === 'remove' && html`<${RemoveDialog} puppy=${open.puppy} onClose=${close} onDone=${() => removed(open.puppy)} />`}
  </main>`;
}
