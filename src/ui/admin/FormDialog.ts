import { html } from 'htm/react';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '../components/Button';
import { Dialog } from '../components/Dialog';
import { dialogText } from './admin-text';
import * as dialog from './dialog-form.css';

interface FormDialogProps {
  titleId: string;
  title: string;
  /** The submit button's words ("Save", "Mark as sold", "Remove", "Mark as born"…). */
  submit: string;
  pending: boolean;
  onSubmit: () => void;
  onClose: () => void;
  /** The form's fields, or what a question says and any field it asks (a note, a date, a photo). */
  children: ReactNode;
}

/**
 * A dialog holding a form: its title, its fields, "Cancel" and the submit button (a puppy's and a
 * litter's forms; the questions "Mark as sold", "Remove", "Mark as born", "Move to past litters";
 * a family photo). Escape and the overlay cancel too; Enter in a field submits.
 */
export function FormDialog({
  titleId,
  title,
  submit,
  pending,
  onSubmit,
  onClose,
  children,
}: FormDialogProps) {
  return html`<${Dialog} labelledBy=${titleId} onClose=${onClose} className=${dialog.panel}>
    <form className=${dialog.form} noValidate onSubmit=${(event: FormEvent) => {
      event.preventDefault();
      onSubmit();
    }}>
      <h2 id=${titleId} className=${dialog.dialogTitle}>${title}</h2>
      ${children}
      <div className=${dialog.footer}>
        <${Button} variant="outline" compact onClick=${onClose}>${dialogText.cancel}<//>
        <${Button} variant="dark" compact type="submit" pending=${pending}>${submit}<//>
      </div>
    </form>
  <//>`;
}
