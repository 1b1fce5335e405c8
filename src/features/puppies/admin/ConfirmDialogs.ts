import { html } from 'htm/react';
import { useState } from 'react';
import { fieldErrors } from '../../../shared/api';
import { congratulation } from '../../../shared/sales';
import { FormDialog } from '../../../ui/admin/FormDialog';
import { serverFieldErrors } from '../../../ui/admin/request-errors';
import type { AdminPuppy } from '../puppies';
import { markSoldInput } from '../puppy-schema';
import { usePuppyChange } from './puppies-data';
import { puppiesText } from './puppies-text';
import { TextField } from './TextFields';

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
  return html`<${FormDialog} titleId="mark-sold-title" title=${markSold.title(puppy.name)} submit=${markSold.confirm}
    pending=${change.isPending} onSubmit=${submit} onClose=${onClose}>
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
  return html`<${FormDialog} titleId="remove-title" title=${remove.title(puppy.name)} submit=${remove.confirm}
    pending=${change.isPending} onSubmit=${submit} onClose=${onClose}>
    <p>${remove.text(puppy.name)}</p>
  <//>`;
}
