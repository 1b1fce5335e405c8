import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import { html } from 'htm/react';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { fieldErrors } from '../../../shared/api';
import * as styles from '../../../ui/admin/details-section.css';
import { PhotoPicker } from '../../../ui/admin/PhotoPicker';
import type { AdminPhoto } from '../../../ui/admin/queries';
import { reasonOf, serverFieldErrors } from '../../../ui/admin/request-errors';
import { Button } from '../../../ui/components/Button';
import * as fieldStyles from '../../../ui/components/Field.css';
import { Spinner } from '../../../ui/components/Spinner';
import { useToast } from '../../../ui/components/Toast';
import { apiRequest } from '../../../ui/data/http';
import {
  editUpdateInput,
  type FamilyUpdates,
  type FamilyUpdateView,
  familyApi,
  postUpdateInput,
} from '../family';
import { familyText } from './family-text';

const KEY = [familyApi.updates] as const;

interface Audience {
  /** One reserved puppy's family. */
  reservationId?: string;
  /** Else this litter's families (its reserved puppies' and its waitlist's: issue 27). */
  litterId?: string;
  /** The litter's name, in the form's title. */
  litterName?: string;
}

/**
 * "Post an update" (a short text and up to 10 photos through the existing upload), then "Post":
 * to one reserved puppy's family, or to the whole litter. Below, the updates posted to them, with
 * who was emailed and whether it arrived, "Edit" and "Delete".
 */
const WAITING_REFRESH_MS = 3000;

export function UpdatesPanel({ reservationId, litterId, litterName }: Audience) {
  const query = useQuery<FamilyUpdates>({
    queryKey: KEY,
    staleTime: 0,
    refetchOnMount: 'always',
    // While an email is still to send, she sees it turn "Delivered" (or not) without reopening.
    refetchInterval: (current) =>
      current.state.data?.updates.some((update) => update.emailed.some((mail) => mail.state === 'waiting'))
        ? WAITING_REFRESH_MS
        : false,
  });
  const [open, setOpen] = useState<'new' | { edit: FamilyUpdateView } | null>(null);
  const queryClient = useQueryClient();
  const toast = useToast();
  const remove = useMutation({
    mutationFn: (id: string) => apiRequest<FamilyUpdates>('DELETE', familyApi.update(id)),
    onSuccess: (answer) => {
      queryClient.setQueryData(KEY, answer);
      toast({ title: familyText.updateDeleted });
    },
    onError: (error) =>
      toast({ title: familyText.failed, description: reasonOf(error), variant: 'destructive' }),
  });
  const shown = (query.data?.updates ?? []).filter((update) =>
    reservationId
      ? update.reservationId === reservationId
      : update.scope === 'litter' && update.litterId === litterId,
  );
  return html`<div data-testid=${reservationId ? 'family-updates' : 'litter-updates'}>
    ${
      open === null
        ? html`<div><${Button} variant="outline" compact onClick=${() => setOpen('new')}>${familyText.postUpdate}<//></div>`
        : html`<${UpdateForm} key=${open === 'new' ? 'new' : open.edit.id} reservationId=${reservationId}
            litterId=${litterId} litterName=${litterName} editing=${open === 'new' ? undefined : open.edit} onClose=${() => setOpen(null)} />`
    }
    ${query.isPending && html`<${Spinner} block label=${familyText.updates} />`}
    ${
      shown.length > 0 &&
      html`<ol className=${styles.notes}>
        ${shown.map(
          (update) => html`<li key=${update.id} className=${styles.note}>
            <time className=${styles.muted} dateTime=${update.postedAt}>${format(parseISO(update.postedAt), 'MMM d, yyyy h:mm a')}</time>
            <p className=${styles.noteText}>${update.text}</p>
            ${update.photos.length > 0 && html`<p className=${styles.muted}>${familyText.photoCount(update.photos.length)}</p>`}
            <p className=${styles.muted}>
              ${
                update.emailed.length === 0
                  ? familyText.nobodyEmailed
                  : update.emailed
                      .map((mail) => `${mail.familyName}: ${familyText.mailState[mail.state]}`)
                      .join(' · ')
              }
            </p>
            <div className=${styles.actions}>
              <${Button} variant="outline" compact onClick=${() => setOpen({ edit: update })}>${familyText.edit}<//>
              <${Button} variant="outline" compact pending=${remove.isPending && remove.variables === update.id}
                onClick=${() => remove.mutate(update.id)}>${familyText.delete}<//>
            </div>
          </li>`,
        )}
      </ol>`
    }
  </div>`;
}

function UpdateForm({
  reservationId,
  litterId,
  litterName,
  editing,
  onClose,
}: Audience & { editing: FamilyUpdateView | undefined; onClose: () => void }) {
  const [text, setText] = useState(editing?.text ?? '');
  const [photos, setPhotos] = useState<AdminPhoto[]>(editing?.photos ?? []);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const queryClient = useQueryClient();
  const toast = useToast();
  const save = useMutation({
    mutationFn: (body: unknown) =>
      editing
        ? apiRequest<FamilyUpdates>('PUT', familyApi.update(editing.id), body)
        : apiRequest<FamilyUpdates>('POST', familyApi.updates, body),
    onSuccess: (answer) => {
      queryClient.setQueryData(KEY, answer);
      toast({ title: editing ? familyText.saved : familyText.posted });
      onClose();
    },
    onError: (error) => {
      setErrors(serverFieldErrors(error));
      toast({ title: familyText.failed, description: reasonOf(error), variant: 'destructive' });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const fields = { text, photos: photos.map(({ id, alt }) => ({ id, alt })) };
    const body = editing
      ? fields
      : {
          scope: reservationId ? 'family' : 'litter',
          ...(reservationId ? { reservationId } : {}),
          ...(!reservationId && litterId ? { litterId } : {}),
          ...fields,
        };
    const parsed = (editing ? editUpdateInput : postUpdateInput).safeParse(body);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    save.mutate(parsed.data);
  };
  const id = reservationId ? 'family-update-text' : `litter-update-text-${litterId ?? 'any'}`;
  return html`<form className=${styles.form} noValidate onSubmit=${submit} aria-labelledby=${`${id}-title`}>
    <h4 id=${`${id}-title`} className=${styles.formTitle}>
      ${editing ? familyText.editUpdate : reservationId ? familyText.postUpdate : familyText.postLitterUpdate(litterName ?? '')}
    </h4>
    <div className=${fieldStyles.field.admin}>
      <label className=${fieldStyles.label.admin} htmlFor=${id}>${familyText.updateText}</label>
      <textarea id=${id} rows=${3} className=${`${fieldStyles.input.admin} ${fieldStyles.textarea}`} value=${text}
        aria-invalid=${errors.text ? 'true' : undefined} aria-describedby=${errors.text ? `${id}-error` : undefined}
        onChange=${(event: ChangeEvent<HTMLTextAreaElement>) => setText(event.target.value)}></textarea>
      ${errors.text && html`<p id=${`${id}-error`} className=${fieldStyles.error.admin}>${errors.text}</p>`}
    </div>
    <${PhotoPicker} photos=${photos} onChange=${(update: (photos: AdminPhoto[]) => AdminPhoto[]) => setPhotos(update)}
      errors=${errors} single=${false} onBusy=${setBusy} />
    <div className=${styles.actions}>
      <${Button} variant="outline" compact onClick=${onClose}>${familyText.cancel}<//>
      <${Button} variant="dark" compact type="submit" disabled=${busy} pending=${save.isPending}>
        ${editing ? familyText.save : familyText.post}
      <//>
    </div>
  </form>`;
}
