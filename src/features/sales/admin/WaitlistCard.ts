import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import { html } from 'htm/react';
import { ANY_LITTER, ANY_LITTER_LABEL } from '../../../shared/litter-words';
import { salesApi, type Waitlist, type WaitlistEntry } from '../../../shared/sales';
import * as card from '../../../ui/admin/Card.css';
import * as styles from '../../../ui/admin/details-section.css';
import { LITTERS_KEY, useLitterList, waitForLitter } from '../../../ui/admin/queries';
import { reasonOf } from '../../../ui/admin/request-errors';
import * as a11y from '../../../ui/components/a11y.css';
import { Button } from '../../../ui/components/Button';
import { Spinner } from '../../../ui/components/Spinner';
import { useToast } from '../../../ui/components/Toast';
import { apiRequest } from '../../../ui/data/http';
import { salesText } from './sales-text';

const WAITLIST_KEY = [salesApi.waitlist] as const;

/**
 * The "Waitlist" card of /admin: the families "On waitlist" in order, each with their place,
 * the day they joined, and "Move up" / "Move down" (stored before the list changes on screen).
 */
export function WaitlistCard() {
  const list = useQuery<Waitlist>({ queryKey: WAITLIST_KEY, staleTime: 0, refetchOnMount: 'always' });
  const queryClient = useQueryClient();
  const toast = useToast();
  const move = useMutation({
    mutationFn: ({ id, direction }: { id: string; direction: 'up' | 'down' }) =>
      apiRequest<Waitlist>('POST', salesApi.moveOnWaitlist(id), { direction }),
    onSuccess: (next, { id, direction }) => {
      queryClient.setQueryData(WAITLIST_KEY, next);
      // Focus stays with the family that moved (on the other button at either end).
      requestAnimationFrame(() => {
        const other = direction === 'up' ? 'down' : 'up';
        const same = document.getElementById(`waitlist-${id}-${direction}`) as HTMLButtonElement | null;
        (same && !same.disabled ? same : document.getElementById(`waitlist-${id}-${other}`))?.focus();
      });
    },
    onError: (error) => {
      toast({ title: salesText.saveFailed, description: reasonOf(error), variant: 'destructive' });
      void queryClient.invalidateQueries({ queryKey: WAITLIST_KEY });
    },
  });
  const families = list.data?.families ?? [];
  // The litters a family may wait for (planned or born), and "Any litter" (issue 27).
  const litters = useLitterList();
  const lines = [
    ...(litters.data?.litters ?? [])
      .filter((litter) => litter.status === 'planned' || litter.status === 'born')
      .map((litter) => ({ id: litter.id, name: litter.name })),
    { id: ANY_LITTER, name: ANY_LITTER_LABEL },
  ];
  const moveTo = useMutation({
    mutationFn: ({ id, litterId }: { id: string; litterId: string }) => waitForLitter(id, litterId),
    onSuccess: (next) => {
      queryClient.setQueryData(LITTERS_KEY, next);
      toast({ title: salesText.saved });
    },
    onError: (error) =>
      toast({ title: salesText.saveFailed, description: reasonOf(error), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: WAITLIST_KEY }),
  });
  // One list per litter, in the order the litters first appear; one list as before when all wait for any.
  const byLine = new Map<string, WaitlistEntry[]>();
  for (const family of families)
    byLine.set(family.litterId, [...(byLine.get(family.litterId) ?? []), family]);
  const rows = (line: WaitlistEntry[]) => html`<ol className=${styles.waitlist} data-testid="waitlist">
    ${line.map(
      (family, index) =>
        html`<${Row} key=${family.id} family=${family} first=${index === 0} last=${index === line.length - 1}
          pending=${move.isPending || moveTo.isPending} lines=${lines.length > 1 ? lines : []}
          onMove=${(direction: 'up' | 'down') => move.mutate({ id: family.id, direction })}
          onMoveTo=${(litterId: string) => moveTo.mutate({ id: family.id, litterId })} />`,
    )}
  </ol>`;
  return html`<section className=${card.card} aria-labelledby="waitlist-title">
    <div className=${card.header}>
      <div>
        <h2 id="waitlist-title" className=${card.title}>${salesText.waitlist.title}</h2>
        <p className=${card.description}>${salesText.waitlist.intro}</p>
      </div>
    </div>
    <div className=${card.content}>
      ${
        list.isPending
          ? html`<${Spinner} block label=${salesText.waitlist.loading} />`
          : families.length === 0
            ? html`<p className=${styles.muted}>${salesText.waitlist.empty}</p>`
            : byLine.size === 1 && families[0]?.litterId === ANY_LITTER
              ? rows(families)
              : [...byLine.values()].map(
                  (line) => html`<section key=${line[0]?.litterId} aria-label=${line[0]?.litterName}>
                    <h3 className=${styles.strong}>${line[0]?.litterName}</h3>
                    ${rows(line)}
                  </section>`,
                )
      }
    </div>
  </section>`;
}

interface RowProps {
  family: WaitlistEntry;
  first: boolean;
  last: boolean;
  pending: boolean;
  /** The litters she may move the family to (none: no select). */
  lines: { id: string; name: string }[];
  onMove: (direction: 'up' | 'down') => void;
  onMoveTo: (litterId: string) => void;
}

function Row({ family, first, last, pending, lines, onMove, onMoveTo }: RowProps) {
  const nameId = `waitlist-${family.id}-name`;
  return html`<li className=${styles.waitlistRow} data-family=${family.name}>
    <span className=${styles.place}>${salesText.waitlist.place(family.place)}</span>
    <div>
      <p id=${nameId} className=${styles.strong}>${family.name}</p>
      <p className=${styles.muted}>${family.email} · ${salesText.waitlist.joined(format(parseISO(family.joinedAt), 'MMM d, yyyy'))}</p>
      ${lines.length > 0 && html`<p className=${styles.muted}>${salesText.waitlist.waitingFor(family.litterName)}</p>`}
    </div>
    <div className=${styles.waitlistActions}>
      <${Button} variant="outline" compact id=${`waitlist-${family.id}-up`} describedBy=${nameId} disabled=${first || pending}
        onClick=${() => onMove('up')}>${salesText.waitlist.up}<//>
      <${Button} variant="outline" compact id=${`waitlist-${family.id}-down`} describedBy=${nameId} disabled=${last || pending}
        onClick=${() => onMove('down')}>${salesText.waitlist.down}<//>
      ${
        lines.length > 0 &&
        html`<label>
          <span className=${a11y.visuallyHidden}>${salesText.waitlist.moveTo}</span>
          <select aria-describedby=${nameId} value=${family.litterId} disabled=${pending}
            onChange=${(event: { target: { value: string } }) => onMoveTo(event.target.value)}>
            ${lines.map((line) => html`<option key=${line.id} value=${line.id}>${line.name}</option>`)}
          </select>
        </label>`
      }
    </div>
  </li>`;
}
