import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import { html } from 'htm/react';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { fieldErrors } from '../../../shared/api';
import {
  cancelInput,
  congratulation,
  DEPOSIT_METHODS,
  formatDollars,
  type InquirySale,
  type ReservationView,
  reserveInput,
  salesApi,
  wentHomeInput,
} from '../../../shared/sales';
import * as styles from '../../../ui/admin/details-section.css';
import { usePuppyList } from '../../../ui/admin/queries';
import { serverFieldErrors } from '../../../ui/admin/request-errors';
import { useAdminSlots } from '../../../ui/admin/slots';
import { Button } from '../../../ui/components/Button';
import * as fieldStyles from '../../../ui/components/Field.css';
import { Spinner } from '../../../ui/components/Spinner';
import { salesText } from './sales-text';
import { useHeldReservations } from './use-reservations';
import { useSaleChange } from './use-sale-change';

interface Props {
  inquiryId: string;
  sale: InquirySale;
  onChange: (sale: InquirySale) => void;
}

type Open = 'reserve' | 'cancel' | 'went-home' | null;

/** "Reserve a puppy", or the puppy held with its deposit and "Cancel reservation" / "Went home". */
export function ReservationSection({ inquiryId, sale, onChange }: Props) {
  const [open, setOpen] = useState<Open>(null);
  const done = (next: InquirySale) => {
    onChange(next);
    setOpen(null);
  };
  const { reservation } = sale;
  const { ReservationContract } = useAdminSlots();
  return html`<div className=${styles.reservation}>
    <h3 className=${styles.heading}>${salesText.reservation}</h3>
    ${reservation && html`<${ReservationFacts} reservation=${reservation} />`}
    ${reservation && html`<${ReservationContract} inquiryId=${inquiryId} reservationId=${reservation.id} canSend=${reservation.state === 'held'} />`}
    ${
      reservation?.state === 'held'
        ? open === 'cancel'
          ? html`<${CancelForm} reservation=${reservation} onDone=${done} onClose=${() => setOpen(null)} />`
          : open === 'went-home'
            ? html`<${WentHomeForm} reservation=${reservation} onDone=${done} onClose=${() => setOpen(null)} />`
            : html`<div className=${styles.actions}>
                <${Button} variant="outline" compact onClick=${() => setOpen('cancel')}>${salesText.cancelReservation}<//>
                <${Button} variant="dark" compact onClick=${() => setOpen('went-home')}>${salesText.wentHome}<//>
              </div>`
        : reservation === null &&
          (
            open === 'reserve'
              ? html`<${ReserveForm} inquiryId=${inquiryId} onDone=${done} onClose=${() => setOpen(null)} />`
              : html`<div><${Button} variant="outline" compact onClick=${() => setOpen('reserve')}>${salesText.reserve}<//></div>`
          )
    }
  </div>`;
}

const day = (text: string) => format(parseISO(text), 'MMM d, yyyy');

function ReservationFacts({ reservation }: { reservation: ReservationView }) {
  const { deposit } = reservation;
  return html`<div className=${styles.facts} data-testid="reservation-facts">
    <p className=${styles.strong}>
      ${reservation.state === 'held' ? salesText.reservedLine(reservation.puppyName) : salesText.wentHomeLine(reservation.puppyName)}
    </p>
    <p className=${styles.muted}>
      ${deposit ? salesText.depositLine(formatDollars(deposit.cents), deposit.method, day(deposit.receivedOn)) : salesText.noDeposit}
    </p>
    ${reservation.note && html`<p className=${styles.noteText}>${reservation.note}</p>`}
  </div>`;
}

interface FormProps {
  onDone: (sale: InquirySale) => void;
  onClose: () => void;
}

function TextArea({
  id,
  label,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}) {
  return html`<div className=${fieldStyles.field.admin}>
    <label className=${fieldStyles.label.admin} htmlFor=${id}>${label}</label>
    <textarea id=${id} rows=${2} className=${`${fieldStyles.input.admin} ${fieldStyles.textarea}`} value=${value}
      aria-invalid=${error ? 'true' : undefined} aria-describedby=${error ? `${id}-error` : undefined}
      onChange=${(event: ChangeEvent<HTMLTextAreaElement>) => onChange(event.target.value)}></textarea>
    ${error && html`<p id=${`${id}-error`} className=${fieldStyles.error.admin}>${error}</p>`}
  </div>`;
}

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? html`<p id=${`${id}-error`} className=${fieldStyles.error.admin}>${error}</p>` : null;
}

const describedBy = (id: string, error: string | undefined) => ({
  'aria-invalid': error ? 'true' : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
});

function ReserveForm({ inquiryId, onDone, onClose }: FormProps & { inquiryId: string }) {
  const puppies = usePuppyList();
  const held = useHeldReservations();
  const change = useSaleChange(({ id: _id, ...next }) => onDone(next));
  const [puppyId, setPuppyId] = useState('');
  const [amount, setAmount] = useState('');
  const [receivedOn, setReceivedOn] = useState(() => format(new Date(), 'yyyy-MM-dd'));
  const [method, setMethod] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  if (puppies.isPending || held.isPending)
    return html`<${Spinner} block label=${salesText.loadingPuppies} />`;
  const taken = new Set((held.data?.reservations ?? []).map((item) => item.puppyId));
  const free = (puppies.data?.puppies ?? []).filter(
    (puppy) => puppy.status === 'available' && !taken.has(puppy.id),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      puppyId,
      ...(amount.trim() ? { deposit: { amount, receivedOn, method } } : {}),
      ...(note.trim() ? { note } : {}),
    };
    const parsed = reserveInput.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    change.mutate(
      { url: salesApi.reserve(inquiryId), body },
      { onError: (failure) => setErrors(serverFieldErrors(failure)) },
    );
  };

  return html`<form className=${styles.form} noValidate onSubmit=${submit} aria-labelledby="reserve-title">
    <h4 id="reserve-title" className=${styles.formTitle}>${salesText.reserveTitle}</h4>
    ${free.length === 0 && html`<p className=${styles.muted}>${salesText.noPuppyFree}</p>`}
    <div className=${fieldStyles.field.admin}>
      <label className=${fieldStyles.label.admin} htmlFor="reserve-puppy">${salesText.puppy}</label>
      <select id="reserve-puppy" className=${`${fieldStyles.input.admin} ${styles.select}`} value=${puppyId}
        ...${describedBy('reserve-puppy', errors.puppyId)}
        onChange=${(event: ChangeEvent<HTMLSelectElement>) => setPuppyId(event.target.value)}>
        <option value="">${salesText.choosePuppy}</option>
        ${free.map((puppy) => html`<option key=${puppy.id} value=${puppy.id}>${puppy.name}</option>`)}
      </select>
      <${FieldError} id="reserve-puppy" error=${errors.puppyId} />
    </div>
    <fieldset className=${styles.fieldset}>
      <legend className=${fieldStyles.label.admin}>${salesText.deposit}</legend>
      <div className=${fieldStyles.field.admin}>
        <label className=${fieldStyles.label.admin} htmlFor="reserve-amount">${salesText.amount}</label>
        <input id="reserve-amount" type="text" inputMode="decimal" autoComplete="off" className=${fieldStyles.input.admin}
          value=${amount} ...${describedBy('reserve-amount', errors['deposit.amount'])}
          onChange=${(event: ChangeEvent<HTMLInputElement>) => setAmount(event.target.value)} />
        <${FieldError} id="reserve-amount" error=${errors['deposit.amount']} />
      </div>
      <div className=${fieldStyles.field.admin}>
        <label className=${fieldStyles.label.admin} htmlFor="reserve-date">${salesText.receivedOn}</label>
        <input id="reserve-date" type="date" className=${fieldStyles.input.admin} value=${receivedOn}
          ...${describedBy('reserve-date', errors['deposit.receivedOn'])}
          onChange=${(event: ChangeEvent<HTMLInputElement>) => setReceivedOn(event.target.value)} />
        <${FieldError} id="reserve-date" error=${errors['deposit.receivedOn']} />
      </div>
      <div className=${fieldStyles.field.admin}>
        <label className=${fieldStyles.label.admin} htmlFor="reserve-method">${salesText.method}</label>
        <select id="reserve-method" className=${`${fieldStyles.input.admin} ${styles.select}`} value=${method}
          ...${describedBy('reserve-method', errors['deposit.method'])}
          onChange=${(event: ChangeEvent<HTMLSelectElement>) => setMethod(event.target.value)}>
          <option value="">${salesText.chooseMethod}</option>
          ${DEPOSIT_METHODS.map((item) => html`<option key=${item} value=${item}>${item}</option>`)}
        </select>
        <${FieldError} id="reserve-method" error=${errors['deposit.method']} />
      </div>
    </fieldset>
    <${TextArea} id="reserve-note" label=${salesText.reservationNote} value=${note} onChange=${setNote} error=${errors.note} />
    ${errors.form && html`<p className=${fieldStyles.error.admin}>${errors.form}</p>`}
    <div className=${styles.actions}>
      <${Button} variant="outline" compact onClick=${onClose}>${salesText.cancel}<//>
      <${Button} variant="dark" compact type="submit" pending=${change.isPending}>${salesText.confirmReserve}<//>
    </div>
  </form>`;
}

function CancelForm({ reservation, onDone, onClose }: FormProps & { reservation: ReservationView }) {
  const change = useSaleChange(({ id: _id, ...next }) => onDone(next));
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = note.trim() ? { note } : {};
    const parsed = cancelInput.safeParse(body);
    if (!parsed.success) return setError(fieldErrors(parsed.error).note);
    change.mutate({ url: salesApi.cancel(reservation.id), body });
  };
  return html`<form className=${styles.form} noValidate onSubmit=${submit} aria-labelledby="cancel-title">
    <h4 id="cancel-title" className=${styles.formTitle}>${salesText.cancelTitle(reservation.puppyName)}</h4>
    <p>${salesText.cancelText}</p>
    <${TextArea} id="cancel-note" label=${salesText.cancelNote} value=${note} onChange=${setNote} error=${error} />
    <div className=${styles.actions}>
      <${Button} variant="outline" compact onClick=${onClose}>${salesText.keep}<//>
      <${Button} variant="dark" compact type="submit" pending=${change.isPending}>${salesText.confirmCancel}<//>
    </div>
  </form>`;
}

function WentHomeForm({ reservation, onDone, onClose }: FormProps & { reservation: ReservationView }) {
  const change = useSaleChange(({ id: _id, ...next }) => onDone(next));
  const [note, setNote] = useState(() => congratulation(reservation.puppyName));
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = wentHomeInput.safeParse({ note });
    if (!parsed.success) return setError(fieldErrors(parsed.error).note);
    change.mutate({ url: salesApi.wentHome(reservation.id), body: parsed.data });
  };
  return html`<form className=${styles.form} noValidate onSubmit=${submit} aria-labelledby="went-home-title">
    <h4 id="went-home-title" className=${styles.formTitle}>${salesText.wentHomeTitle(reservation.puppyName)}</h4>
    <p>${salesText.wentHomeText}</p>
    <${TextArea} id="went-home-note" label=${salesText.wentHomeNote} value=${note} onChange=${setNote} error=${error} />
    <div className=${styles.actions}>
      <${Button} variant="outline" compact onClick=${onClose}>${salesText.cancel}<//>
      <${Button} variant="dark" compact type="submit" pending=${change.isPending}>${salesText.confirmWentHome}<//>
    </div>
  </form>`;
}
