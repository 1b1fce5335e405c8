import { html } from 'htm/react';
import type { ChangeEvent } from 'react';
import * as field from '../Field.css';
import * as styles from './puppies.css';

export interface TextAreaFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  rows?: number;
}

/** A labelled multi-line field, its error tied to it for screen readers (like Field's inputs). */
export function TextAreaField({ id, label, value, onChange, error, rows = 4 }: TextAreaFieldProps) {
  const errorId = `${id}-error`;
  return html`<div className=${field.field}>
    <label className=${field.label} htmlFor=${id}>${label}</label>
    <textarea
      id=${id}
      name=${id}
      rows=${rows}
      className=${`${field.input} ${styles.textarea}`}
      value=${value}
      aria-invalid=${error ? 'true' : undefined}
      aria-describedby=${error ? errorId : undefined}
      onChange=${(event: ChangeEvent<HTMLTextAreaElement>) => onChange(event.target.value)}
    ></textarea>
    ${error && html`<p id=${errorId} className=${field.error}>${error}</p>`}
  </div>`;
}
