import { html } from 'htm/react';
import type { ChangeEvent, Ref } from 'react';
import * as styles from './Field.css';

export interface FieldProps {
  name: string;
  label: string;
  type: 'email' | 'password' | 'text';
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  autoComplete?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/** A labelled input whose error message is tied to it for screen readers. */
export function Field({ name, label, type, value, onChange, error, autoComplete, inputRef }: FieldProps) {
  const id = `field-${name}`;
  const errorId = `${id}-error`;
  return html`<div className=${styles.field}>
    <label className=${styles.label} htmlFor=${id}>${label}</label>
    <input
      ref=${inputRef}
      id=${id}
      name=${name}
      type=${type}
      className=${styles.input}
      value=${value}
      autoComplete=${autoComplete}
      aria-invalid=${error ? 'true' : undefined}
      aria-describedby=${error ? errorId : undefined}
      onChange=${(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
    />
    ${error && html`<p id=${errorId} className=${styles.error}>${error}</p>`}
  </div>`;
}
