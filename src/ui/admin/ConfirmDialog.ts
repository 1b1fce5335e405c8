import { html } from 'htm/react';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '../components/Button';
import { Dialog } from '../components/Dialog';
import { dialogText } from './admin-text';
import * as dialog from './dialog-form.css';

interface ConfirmProps {
  titleId: string;
  title: string;
  /** The confirm button's words ("Mark as sold", "Remove", "Mark as born"…). */
  confirm: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** What the question says, and any field it asks (a note, a date, a photo). */
  children: ReactNode;
}

/**
 * A question with a confirm and a cancel button (the puppies' and the litters' "Mark as sold",
 * "Remove", "Mark as born", "Move to past litters", a family photo); Escape and the overlay cancel
 * too. The confirm button is the form's submit, so Enter in a field confirms.
 */
export function ConfirmDialog({
  titleId,
  title,
  confirm,
  pending,
  onConfirm,
  onClose,
  children,
}: ConfirmProps) {
  return html`<${Dialog} labelledBy=${titleId} onClose=${onClose} className=${dialog.panel}>
    <form className=${dialog.form} noValidate onSubmit=${(event: FormEvent) => {
      event.preventDefault();
      onConfirm();
    }}>
      <h2 id=${titleId} className=${dialog.dialogTitle}>${title}</h2>
      ${children}
      <div className=${dialog.footer}>
        <${Button} variant="outline" compact onClick=${onClose}>${dialogText.cancel}<//>
        <${Button} variant="dark" compact type="submit" pending=${pending}>${confirm}<//>
      </div>
    </form>
  <//>`;
}
