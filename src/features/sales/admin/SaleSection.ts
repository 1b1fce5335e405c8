import { useQuery } from '@tanstack/react-query';
import { html } from 'htm/react';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { fieldErrors } from '../../../shared/api';
import {
  INQUIRY_STATUSES,
  type InquirySale,
  type InquiryStatus,
  noteInput,
  salesApi,
  statusLabels,
  type Waitlist,
} from '../../../shared/sales';
import { formatFull } from '../../../ui/admin/dates';
import * as styles from '../../../ui/admin/details-section.css';
import { serverFieldErrors } from '../../../ui/admin/request-errors';
import { useAdminSlots } from '../../../ui/admin/slots';
import { Button } from '../../../ui/components/Button';
import * as fieldStyles from '../../../ui/components/Field.css';
import { ReservationSection } from './ReservationSection';
import { salesText } from './sales-text';
import { useSaleChange } from './use-sale-change';

interface SaleSectionProps {
  inquiryId: string;
  sale: InquirySale;
  onChange: (sale: InquirySale) => void;
}

/** "Waiting for: {litter}" (issue 27): read from the waitlist, the litter each family waits for. */
function WaitingFor({ inquiryId }: { inquiryId: string }) {
  const list = useQuery<Waitlist>({ queryKey: [salesApi.waitlist], staleTime: 0, refetchOnMount: 'always' });
  const family = list.data?.families.find((entry) => entry.id === inquiryId);
  return family
    ? html`<p className=${styles.muted}>${salesText.waitlist.waitingFor(family.litterName)}</p>`
    : null;
}

/**
 * In an inquiry's details: its "Status" (one tap, saved at once) and the breeder's private notes,
 * newest first, with "Add note". What the family wrote above stays as they wrote it.
 */
export function SaleSection({ inquiryId, sale, onChange }: SaleSectionProps) {
  const change = useSaleChange(({ id: _id, ...next }) => onChange(next));
  const { FamilyPage } = useAdminSlots();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>();

  // The choice shows at once; if it is not saved, the stored status comes back (and a toast says why).
  const [choosing, setChoosing] = useState<InquiryStatus | null>(null);
  const setStatus = (status: InquiryStatus) => {
    setChoosing(status);
    change.mutate(
      { url: salesApi.status(inquiryId), body: { status } },
      { onSettled: () => setChoosing(null) },
    );
  };
  const addNote = (event: FormEvent) => {
    event.preventDefault();
    const parsed = noteInput.safeParse({ text: note });
    if (!parsed.success) {
      setNoteError(fieldErrors(parsed.error).text);
      return;
    }
    setNoteError(undefined);
    change.mutate(
      { url: salesApi.notes(inquiryId), body: parsed.data },
      {
        onSuccess: () => setNote(''),
        onError: (failure) => setNoteError(serverFieldErrors(failure).text),
      },
    );
  };

  return html`<div className=${styles.section}>
    <div className=${fieldStyles.field.admin}>
      <label className=${fieldStyles.label.admin} htmlFor="sale-status">${salesText.status}</label>
      <select
        id="sale-status"
        className=${`${fieldStyles.input.admin} ${styles.select}`}
        value=${choosing ?? sale.status}
        disabled=${change.isPending}
        onChange=${(event: ChangeEvent<HTMLSelectElement>) => setStatus(event.target.value as InquiryStatus)}
      >
        ${INQUIRY_STATUSES.map((status) => html`<option key=${status} value=${status}>${statusLabels[status]}</option>`)}
      </select>
    </div>
    ${(sale.status === 'waitlist' || sale.status === 'approved') && html`<${WaitingFor} inquiryId=${inquiryId} />`}
    <${ReservationSection} inquiryId=${inquiryId} sale=${sale} onChange=${onChange} />
    <${FamilyPage} key=${sale.reservation?.id ?? 'none'} inquiryId=${inquiryId} />
    <h3 className=${styles.heading}>${salesText.notes}</h3>
    <form className=${styles.noteForm} noValidate onSubmit=${addNote}>
      <div className=${fieldStyles.field.admin}>
        <label className=${fieldStyles.label.admin} htmlFor="sale-note">${salesText.newNote}</label>
        <textarea
          id="sale-note"
          rows=${2}
          className=${`${fieldStyles.input.admin} ${fieldStyles.textarea}`}
          value=${note}
          aria-invalid=${noteError ? 'true' : undefined}
          aria-describedby=${noteError ? 'sale-note-error' : undefined}
          onChange=${(event: ChangeEvent<HTMLTextAreaElement>) => setNote(event.target.value)}
        ></textarea>
        ${noteError && html`<p id="sale-note-error" className=${fieldStyles.error.admin}>${noteError}</p>`}
      </div>
      <div><${Button} variant="outline" compact type="submit" pending=${change.isPending}>${salesText.addNote}<//></div>
    </form>
    ${
      sale.notes.length === 0
        ? html`<p className=${styles.muted}>${salesText.noNotes}</p>`
        : html`<ol className=${styles.notes} data-testid="sale-notes">
            ${sale.notes.map(
              (item) => html`<li key=${item.id} className=${styles.note}>
                <time className=${styles.muted} dateTime=${item.at}>${formatFull(item.at)}</time>
                <p className=${styles.noteText}>${item.text}</p>
              </li>`,
            )}
          </ol>`
    }
  </div>`;
}
