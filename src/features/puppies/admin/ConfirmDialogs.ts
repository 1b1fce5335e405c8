import { html } from 'htm/react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { fieldErrors } from '../../../shared/api';
import { congratulation } from '../../../shared/sales';
import * as dialog from '../../../ui/admin/dialog-form.css';
import { serverFieldErrors } from '../../../ui/admin/errors';
import { Button } from '../../../ui/components/Button';
import { Dialog } from '../../../ui/components/Dialog';
import type { AdminPuppy } from '../puppies';
import { markSoldInput } from '../puppy-schema';
import { usePuppyChange } from './puppies-data';
import { TextField } from './TextFields';
import { puppiesText } from './text';

interface ConfirmProps {
  titleId: string;
  title: string;
  confirm: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
}

/** A question with a confirm and a cancel button; Escape and the overlay cancel too. */
function Confirm({ titleId, title, confirm, pending, onConfirm, onClose, children }: ConfirmProps) {
  return html`<${Dialog} labelledBy=${titleId} onClose=${onClose} className=${dialog.panel}>
    <form className=${dialog.form} noValidate onSubmit=${(event: FormEvent) => {
      event.preventDefault();
      onConfirm();
    }}>
      <h2 id=${titleId} className=${dialog.dialogTitle}>${title}</h2>
      ${children}
      <div className=${dialog.footer}>
        <${Button} variant="outline" compact onClick=${onClose}>${puppiesText.form.cancel}<//>
        <${Button} variant="dark" compact type="submit" pending=${pending}>${confirm}<//>
      </div>
    </form>
  <//>`;
}

interface ChangeDialogProps {
  puppy: AdminPuppy;
  /** Cancelled: focus goes back to the button that opened the dialog. */
  onClose: () => void;
  /** Done: that button has left with the puppy's row, so the caller decides where focus goes. */
  onDone: () => void;
}

/** "Mark as sold": the note to the new family (prefilled), then the move to the sold list. */
export function MarkSoldDialog({ puppy, onClose, onDone }: ChangeDialogProps) {
  const [note, setNote] = useState(congratulation(puppy.name));
  const [error, setError] = useState<string | undefined>();
  const change = usePuppyChange();
  const { markSold } = puppiesText;
  const submit = () => {
    const parsed = markSoldInput.safeParse({ description: note, version: puppy.version });
    if (!parsed.success) {
      setError(fieldErrors(parsed.error).description);
      return;
    }
    change.mutate(
      { method: 'POST', url: `/api/puppies/${puppy.id}/sold`, body: parsed.data },
      { onSuccess: onDone, onError: (failure) => setError(serverFieldErrors(failure).description) },
    );
  };
  return html`<${Confirm} titleId="mark-sold-title" title=${markSold.title(puppy.name)} confirm=${markSold.confirm}
    pending=${change.isPending} onConfirm=${submit} onClose=${onClose}>
    <p>${markSold.text(puppy.name)}</p>
    <${TextField} multiline id="sold-note" label=${markSold.note} value=${note} onChange=${setNote} error=${error} />
  <//>`;
}

/** "Remove", after a confirmation: the puppy and (once unused) its photos are deleted. */
export function RemoveDialog({ puppy, onClose, onDone }: ChangeDialogProps) {
  const change = usePuppyChange();
  const { remove } = puppiesText;
  const submit = () =>
    change.mutate(
      { method: 'DELETE', url: `/api/puppies/${puppy.id}`, body: { version: puppy.version } },
      { onSuccess: onDone },
    );
  return html`<${Confirm} titleId="remove-title" title=${remove.title(puppy.name)} confirm=${remove.confirm}
    pending=${change.isPending} onConfirm=${submit} onClose=${onClose}>
    <p>${remove.text(puppy.name)}</p>
  <//>`;
}
