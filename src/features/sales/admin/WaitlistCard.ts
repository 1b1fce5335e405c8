import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { format, parseISO } from 'date-fns';
import { html } from 'htm/react';
import { salesApi, type Waitlist, type WaitlistEntry } from '../../../shared/sales';
import * as card from '../../../ui/admin/Card.css';
import { Button } from '../../../ui/components/Button';
import { Spinner } from '../../../ui/components/Spinner';
import { useToast } from '../../../ui/components/Toast';
import { apiRequest } from '../../../ui/data/http';
import { reasonOf } from '../../puppies/admin/puppies-data';
import * as styles from './sales.css';
import { salesText } from './text';

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
            : html`<ol className=${styles.waitlist} data-testid="waitlist">
                ${families.map(
                  (family, index) =>
                    html`<${Row} key=${family.id} family=${family} first=${index === 0} last=${index === families.length - 1}
                      pending=${move.isPending} onMove=${(direction: 'up' | 'down') => move.mutate({ id: family.id, direction })} />`,
                )}
              </ol>`
      }
    </div>
  </section>`;
}

interface RowProps {
  family: WaitlistEntry;
  first: boolean;
  last: boolean;
  pending: boolean;
  onMove: (direction: 'up' | 'down') => void;
}

function Row({ family, first, last, pending, onMove }: RowProps) {
  const nameId = `waitlist-${family.id}-name`;
  return html`<li className=${styles.waitlistRow} data-family=${family.name}>
    <span className=${styles.place}>${salesText.waitlist.place(family.place)}</span>
    <div>
      <p id=${nameId} className=${styles.strong}>${family.name}</p>
      <p className=${styles.muted}>${family.email} · ${salesText.waitlist.joined(format(parseISO(family.joinedAt), 'MMM d, yyyy'))}</p>
    </div>
    <div className=${styles.waitlistActions}>
      <${Button} variant="outline" compact id=${`waitlist-${family.id}-up`} describedBy=${nameId} disabled=${first || pending}
        onClick=${() => onMove('up')}>${salesText.waitlist.up}<//>
      <${Button} variant="outline" compact id=${`waitlist-${family.id}-down`} describedBy=${nameId} disabled=${last || pending}
        onClick=${() => onMove('down')}>${salesText.waitlist.down}<//>
    </div>
  </li>`;
}
