import { format } from 'date-fns/format';
import { html } from 'htm/react';
import { useEffect, useState } from 'react';
import { expectedInWords, parentsInWords } from '../../../shared/litter-words';
import { paths } from '../../../shared/routes';
import * as page from '../../../ui/admin/AdminPage.css';
import * as badge from '../../../ui/admin/Badge.css';
import * as card from '../../../ui/admin/Card.css';
import * as dashboard from '../../../ui/admin/dashboard/Dashboard.css';
import { ErrorAlert } from '../../../ui/admin/ErrorAlert';
import { usePageTitle } from '../../../ui/admin/page-title';
import { type AdminPuppy, useLitterList, usePuppyList } from '../../../ui/admin/queries';
import { RequireUser } from '../../../ui/admin/RequireUser';
import { useAdminSlots } from '../../../ui/admin/slots';
import * as a11y from '../../../ui/components/a11y.css';
import { Button } from '../../../ui/components/Button';
import { Spinner } from '../../../ui/components/Spinner';
import type { LitterView } from '../litters';
import { FamilyPhotoDialog, LitterConfirm, LitterForm, MarkBornDialog } from './LitterForms';
import { littersText } from './litters-text';

/**
 * What is open over the list: a litter's form or question, or a family photo. A puppy's form and
 * questions are opened by its litter's puppies (the slot LitterPuppies).
 */
type Open =
  | null
  | { kind: 'add' }
  | { kind: 'edit' | 'born' | 'past' | 'remove'; litter: LitterView }
  | { kind: 'family'; puppy: AdminPuppy };

/** /admin/litters, protected like /admin. */
export function LittersPage() {
  return html`<${RequireUser} page=${() => html`<${Litters} />`} />`;
}

const dayInWords = (iso: string) => (iso ? format(new Date(`${iso}T00:00:00`), 'MMMM d, yyyy') : '');

function Litters() {
  const litters = useLitterList();
  const puppies = usePuppyList();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  // Reached in place from the dashboard, whose title would otherwise stay.
  const title = usePageTitle('litters');
  useEffect(() => {
    document.title = title;
  }, [title]);
  // A puppy added, sold or removed changes which puppies each litter lists: read them again.
  const { refetch } = litters;
  useEffect(() => {
    if (puppies.dataUpdatedAt) void refetch();
  }, [puppies.dataUpdatedAt, refetch]);

  const all = puppies.data?.puppies ?? [];
  // Which puppies a litter holds comes from the litters; their order from the puppies, which a
  // move answers at once (the litters are read again after it: a focus kept on a moved puppy's
  // button must not see the rows move a second time).
  let body: unknown;
  if (litters.isPending || puppies.isPending) body = html`<${Spinner} block label=${littersText.loading} />`;
  else if (litters.isError || puppies.isError)
    body = html`<${ErrorAlert} title=${littersText.loadError} message=${(litters.error ?? puppies.error)?.message} />`;
  else if (litters.data.litters.length === 0)
    body = html`<p className=${card.description}>${littersText.none}</p>`;
  else
    body = litters.data.litters.map(
      (litter) =>
        html`<${LitterCard} key=${litter.id} litter=${litter}
          puppies=${all.filter((puppy) => litter.puppyIds.includes(puppy.id))}
          onOpen=${setOpen} />`,
    );

  return html`<main className=${page.page}>
    <div className=${page.container}>
      <nav aria-label=${littersText.breadcrumb} className=${dashboard.breadcrumb}>
        <ol className=${dashboard.crumbs}>
          <li><a href=${paths.landing}>${littersText.home}</a></li>
          <li aria-hidden="true">${'>'}</li>
          <li><a href=${paths.admin}>${littersText.admin}</a></li>
          <li aria-hidden="true">${'>'}</li>
          <li aria-current="page">${littersText.title}</li>
        </ol>
      </nav>
      <section className=${card.card} aria-labelledby="litters-title">
        <div className=${card.header}>
          <div>
            <h1 id="litters-title" className=${dashboard.title}>${littersText.title}</h1>
            <p className=${card.description}>${littersText.intro}</p>
          </div>
          <${Button} variant="dark" compact onClick=${() => setOpen({ kind: 'add' })} disabled=${!litters.isSuccess}>${littersText.add}<//>
        </div>
      </section>
      ${body}
    </div>
    ${open?.kind === 'add' && html`<${LitterForm} parents=${litters.data?.parents} onClose=${close} />`}
    ${open?.kind === 'edit' && html`<${LitterForm} litter=${open.litter} parents=${litters.data?.parents} onClose=${close} />`}
    ${open?.kind === 'born' && html`<${MarkBornDialog} litter=${open.litter} today=${format(new Date(), 'yyyy-MM-dd')} onClose=${close} />`}
    ${(open?.kind === 'past' || open?.kind === 'remove') && html`<${LitterConfirm} litter=${open.litter} kind=${open.kind} onClose=${close} />`}
    ${open?.kind === 'family' && html`<${FamilyPhotoDialog} puppy=${open.puppy} onClose=${close} />`}
  </main>`;
}

interface LitterCardProps {
  litter: LitterView;
  puppies: AdminPuppy[];
  onOpen: (open: Open) => void;
}

/** One litter: its facts, its actions, its puppies (available, then gone home) with theirs. */
function LitterCard({ litter, puppies, onOpen }: LitterCardProps) {
  const { LitterPuppies, LitterUpdates, LitterPickDay } = useAdminSlots();
  const titleId = `litter-${litter.id}-title`;
  const parents = parentsInWords(litter);
  const when =
    litter.status === 'planned'
      ? litter.expected
        ? littersText.expected(expectedInWords(litter.expected))
        : littersText.noDate
      : litter.status === 'born'
        ? dayInWords(litter.born)
        : littersText.born(dayInWords(litter.born));
  const { actions } = littersText;
  const act = (kind: 'edit' | 'born' | 'past' | 'remove') => () => onOpen({ kind, litter });
  const sold = puppies.filter((puppy) => puppy.status === 'sold');
  return html`<section className=${card.card} aria-labelledby=${titleId} data-litter=${litter.name}>
    <div className=${card.header}>
      <div>
        <h2 id=${titleId} className=${card.title} tabIndex=${-1}>${litter.name}</h2>
        <p className=${card.description}>
          <span className=${badge.badge}>${littersText.status[litter.status]}</span> ${when}
        </p>
        ${parents && html`<p className=${card.description}>${littersText.parents(parents)}</p>`}
        ${litter.description && html`<p className=${card.description}>${litter.description}</p>`}
        <p className=${card.description}>
          ${litter.status === 'planned' ? `${litter.shown ? littersText.shownOnSite : littersText.hiddenOnSite} · ` : ''}${litter.applications && litter.status !== 'past' ? `${littersText.takingApplications} · ` : ''}${littersText.waiting(litter.waitlist.length)}
        </p>
      </div>
      <div className=${card.actions}>
        <${Button} variant="outline" compact describedBy=${titleId} onClick=${act('edit')}>${actions.edit}<//>
        ${litter.status === 'planned' && html`<${Button} variant="outline" compact describedBy=${titleId} onClick=${act('born')}>${actions.markBorn}<//>`}
        ${(litter.status === 'born' || litter.status === 'all-home') && html`<${Button} variant="outline" compact describedBy=${titleId} onClick=${act('past')}>${actions.past}<//>`}
        <${Button} variant="outline" compact describedBy=${titleId} onClick=${act('remove')}>${actions.remove}<//>
      </div>
    </div>
    <div className=${card.content}>
      <${LitterPuppies} litterId=${litter.id} titleId=${titleId} puppies=${puppies}
        lists=${litter.status !== 'planned'} canAdd=${litter.status !== 'past'}>
        <ul className=${card.actions} aria-label=${littersText.family.add}>
          ${sold.map(
            (
              puppy,
            ) => html`<li key=${puppy.id}><${Button} variant="outline" compact onClick=${() => onOpen({ kind: 'family', puppy })}>
            ${littersText.family.add}<span className=${a11y.visuallyHidden}>: ${puppy.name}</span><//></li>`,
          )}
        </ul>
      <//>
      ${(litter.status === 'born' || litter.status === 'all-home') && html`<${LitterPickDay} litterId=${litter.id} litterName=${litter.name} />`}
      <${LitterUpdates} litterId=${litter.id} litterName=${litter.name} />
    </div>
  </section>`;
}
