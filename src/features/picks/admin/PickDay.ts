import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns/format';
import { html } from 'htm/react';
import { useState } from 'react';
import * as badge from '../../../ui/admin/Badge.css';
import * as card from '../../../ui/admin/Card.css';
import { reasonOf } from '../../../ui/admin/request-errors';
import { Button } from '../../../ui/components/Button';
import { Field, type FieldControl } from '../../../ui/components/Field';
import { useToast } from '../../../ui/components/Toast';
import { apiRequest } from '../../../ui/data/http';
import { PICK_WINDOWS, type PicksView, type PickTurnView } from '../picks';
import * as styles from './PickDay.css';

const keyOf = (litterId: string) => [`/api/litters/${litterId}/picks`] as const;

/** "Sat, Mar 14, 2:30 PM" in her browser's time. */
const timeInWords = (iso: string) => format(new Date(iso), 'EEE, MMM d, h:mm a');

/** Each family's state in her words (issue 29). */
function turnInWords(turn: PickTurnView, paused: boolean): string {
  switch (turn.state) {
    case 'waiting':
      return 'Waiting';
    case 'choosing':
      return paused || !turn.until ? 'Choosing (paused)' : `Choosing until ${timeInWords(turn.until)}`;
    case 'chose':
      return `Chose ${turn.puppyName ?? ''}`;
    case 'passed':
      return 'Passed';
    case 'timed-out':
      return 'Time ran out';
    case 'skipped':
      return 'Skipped';
  }
}

/**
 * Pick day on a born litter's card: "Start picks" with a window of 24, 48 or 72 hours, then the
 * order with each family's state and "Skip", "Give more time", "Pause picks" / "Resume picks".
 * Every answer is the picks as stored; the list is read again every 30 seconds (a family chose).
 */
export function PickDay({ litterId, litterName }: { litterId: string; litterName: string }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const picks = useQuery<PicksView>({ queryKey: keyOf(litterId), staleTime: 0, refetchInterval: 30_000 });
  const [windowHours, setWindowHours] = useState<number>(48);
  const change = useMutation({
    mutationFn: ({ path, body }: { path: string; body?: unknown }) =>
      apiRequest<PicksView>('POST', `/api/litters/${litterId}/picks${path}`, body ?? {}),
    onSuccess: (view) => {
      queryClient.setQueryData(keyOf(litterId), view);
      toast({ title: 'Saved' });
    },
    onError: (error) => {
      toast({ title: 'Not saved', description: reasonOf(error), variant: 'destructive' });
      void queryClient.invalidateQueries({ queryKey: keyOf(litterId) });
    },
  });
  const headingId = `picks-${litterId}`;
  const view = picks.data;
  if (!view) return null;
  const round = view.round;
  const open = round && round.state !== 'done';
  const paused = round?.state === 'paused';
  const someoneChoosing = round?.turns.some((turn) => turn.state === 'choosing');
  const act = (path: string, body?: unknown) => change.mutate({ path, body });
  return html`<section className=${styles.panel} aria-labelledby=${headingId} data-picks=${litterName}>
    <h3 id=${headingId} className=${card.title}>Pick day</h3>
    ${
      round &&
      html`<p className=${card.description}>
        ${round.state === 'done' ? 'Picks finished.' : paused ? 'Picks are paused.' : `Picks are on: each family has ${round.windowHours} hours.`}
      </p>
      <ol className=${styles.order} aria-label=${`Pick order for ${litterName}`}>
        ${round.turns.map(
          (turn) => html`<li key=${turn.inquiryId} className=${styles.turn}>
            <span className=${styles.name}>${turn.name}</span>
            <span className=${badge.badge}>${turnInWords(turn, paused)}</span>
          </li>`,
        )}
      </ol>`
    }
    ${
      open &&
      html`<div className=${styles.actions}>
        ${someoneChoosing && html`<${Button} variant="outline" compact describedBy=${headingId} disabled=${change.isPending} onClick=${() => act('/skip')}>Skip<//>`}
        ${someoneChoosing && html`<${Button} variant="outline" compact describedBy=${headingId} disabled=${change.isPending} onClick=${() => act('/more-time')}>Give more time<//>`}
        ${
          paused
            ? html`<${Button} variant="dark" compact describedBy=${headingId} disabled=${change.isPending} onClick=${() => act('/resume')}>Resume picks<//>`
            : html`<${Button} variant="outline" compact describedBy=${headingId} disabled=${change.isPending} onClick=${() => act('/pause')}>Pause picks<//>`
        }
      </div>`
    }
    ${
      !open &&
      (view.canStart
        ? html`<form className=${styles.start} onSubmit=${(event: Event) => {
            event.preventDefault();
            act('', { windowHours });
          }}>
            <${Field} id=${`picks-window-${litterId}`} label="Each family's window" tone="admin">
              ${(
                control: FieldControl,
              ) => html`<select ...${control} className=${`${control.className} ${styles.select}`} value=${String(windowHours)}
                onChange=${(event: { target: { value: string } }) => setWindowHours(Number(event.target.value))}>
                ${PICK_WINDOWS.map((hours) => html`<option key=${hours} value=${String(hours)}>${`${hours} hours`}</option>`)}
              </select>`}
            <//>
            <${Button} type="submit" variant="dark" compact pending=${change.isPending}>Start picks<//>
          </form>`
        : !round && html`<p className=${card.description}>${view.whyNot}</p>`)
    }
  </section>`;
}
