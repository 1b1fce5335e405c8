import { html } from 'htm/react';
import type { ReactNode } from 'react';
import * as styles from './Field.css';

/** What the field's control (input, select or textarea) spreads on itself. */
export interface FieldControl {
  id: string;
  className: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  /** The control's id; its message is `${id}-error`. */
  id: string;
  label: string;
  error?: string | undefined;
  tone?: styles.FieldTone;
  /** Renders the control, given its id, class and the attributes that tie the message to it. */
  children: (control: FieldControl) => ReactNode;
}

/** A labelled form control whose error message is tied to it for screen readers. Both forms use it. */
export function Field({ id, label, error, tone = 'site', children }: FieldProps) {
  const errorId = `${id}-error`;
  const control: FieldControl = {
    id,
    className: styles.input[tone],
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  };
  return html`<div className=${styles.field[tone]}>
    <label htmlFor=${id} className=${styles.label[tone]}>${label}</label>
    ${children(control)}
    ${error && html`<p id=${errorId} className=${styles.error[tone]}>${error}</p>`}
  </div>`;
}
