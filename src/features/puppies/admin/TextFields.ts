import { html } from 'htm/react';
import type { ChangeEvent } from 'react';
import { Field, type FieldControl } from '../../../ui/components/Field';
import * as fieldStyles from '../../../ui/components/Field.css';

interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  /** A multi-line field (a description, a note) instead of one line. */
  multiline?: boolean;
}

/** A one-line or multi-line text field of the litter manager, on the shared Field. */
export function TextField({ id, label, value, onChange, error, multiline = false }: TextFieldProps) {
  const change = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(event.target.value);
  return html`<${Field} id=${id} label=${label} error=${error} tone="admin">
    ${(control: FieldControl) =>
      multiline
        ? html`<textarea name=${id} rows=${4} value=${value} onChange=${change} ...${control}
            className=${`${control.className} ${fieldStyles.textarea}`}></textarea>`
        : html`<input type="text" name=${id} value=${value} onChange=${change} ...${control} />`}
  <//>`;
}
