import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import { html } from 'htm/react';
import { formatDollars } from '../../../shared/sales';
import * as styles from '../../../ui/admin/details-section.css';
import { dashboardLink } from './dashboard-link';
import { useHeldReservations } from './use-reservations';

/**
 * In the litter manager, under a puppy held for a family: who, and the deposit, linked to the
 * family's inquiry on the dashboard.
 */
export function ReservedBy({ puppyId }: { puppyId: string }) {
  const held = useHeldReservations();
  const reservation = held.data?.reservations.find((item) => item.puppyId === puppyId);
  if (!reservation) return null;
  const { deposit } = reservation;
  return html`<p className=${styles.reservedBy} data-testid="reserved-by">
    Reserved by <a href=${dashboardLink({ q: reservation.familyName, status: 'reserved' })}>${reservation.familyName}</a>
    ${deposit ? ` · Deposit ${formatDollars(deposit.cents)} (${deposit.method}, ${format(parseISO(deposit.receivedOn), 'MMM d, yyyy')})` : ' · No deposit recorded'}
  </p>`;
}
