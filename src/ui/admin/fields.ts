/**
 * The admin forms' fields (the Site editor's, the contract template's, the litter form's), each on
 * the shared Field: its label, its error and what ties them to it for screen readers.
 */
import { html } from 'htm/react';
import { type ChangeEvent, useState } from 'react';
import { Field, type FieldControl } from '../components/Field';
import * as fieldStyles from '../components/Field.css';
import { fieldText } from './admin-text';
import { radio } from './dialog-form.css';
import * as styles from './editor.css';

interface TextProps {
  id: string;
  label: string;
  value: string;
  max: number;
  onChange: (value: string) => void;
  error?: string | undefined;
  multiline?: boolean;
  hint?: string;
  /** Names offered as she types (a datalist): she may pick one or type any other. */
  suggestions?: readonly string[] | undefined;
}

/** A text field with the count of characters left under it (tied to it for screen readers). */
export function TextInput({
  id,
  label,
  value,
  max,
  onChange,
  error,
  multiline = false,
  hint,
  suggestions,
}: TextProps) {
  const left = max - value.length;
  const countId = `${id}-count`;
  const change = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(event.target.value);
  return html`<div className=${styles.field}>
    <${Field} id=${id} label=${label} error=${error} tone="admin">
      ${(control: FieldControl) => {
        const describedBy = [control['aria-describedby'], hint && `${id}-hint`, countId]
          .filter(Boolean)
          .join(' ');
        const props = { ...control, 'aria-describedby': describedBy, name: id, value, onChange: change };
        const listId = `${id}-choices`;
        if (multiline)
          return html`<textarea rows=${5} ...${props} className=${`${control.className} ${fieldStyles.textarea}`}></textarea>`;
        if (!suggestions?.length) return html`<input type="text" ...${props} />`;
        return html`<input type="text" ...${props} list=${listId} autoComplete="off" />
          <datalist id=${listId}>${suggestions.map((name) => html`<option key=${name} value=${name} />`)}</datalist>`;
      }}
    <//>
    ${hint && html`<p id=${`${id}-hint`} className=${styles.hint}>${hint}</p>`}
    <p id=${countId} className=${left < 0 ? styles.over : styles.hint}>${fieldText.charactersLeft(left)}</p>
  </div>`;
}

interface NumberProps {
  id: string;
  label: string;
  value: number;
  onChange: (value: number) => void;
  error?: string | undefined;
  prefix?: string;
}

/** A whole number (a price, a year); what is not a number is sent as such and refused with a message. */
export function NumberInput({ id, label, value, onChange, error, prefix }: NumberProps) {
  const [text, setText] = useState(String(value));
  return html`<${Field} id=${id} label=${label} error=${error} tone="admin">
    ${(control: FieldControl) => html`<div className=${styles.prefixed}>
      ${prefix && html`<span aria-hidden="true">${prefix}</span>`}
      <input type="text" inputMode="numeric" name=${id} value=${text} ...${control}
        onChange=${(event: ChangeEvent<HTMLInputElement>) => {
          setText(event.target.value);
          const digits = event.target.value.replace(/[,\s$]/g, '');
          onChange(/^\d+$/.test(digits) ? Number(digits) : Number.NaN);
        }} />
    </div>`}
  <//>`;
}

interface DateProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}

export function DateInput({ id, label, value, onChange, error }: DateProps) {
  return html`<${Field} id=${id} label=${label} error=${error} tone="admin">
    ${(control: FieldControl) => html`<input type="date" name=${id} value=${value} ...${control}
      onChange=${(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)} />`}
  <//>`;
}

interface SelectProps<T extends string> {
  id: string;
  label: string;
  value: T;
  options: Record<T, string>;
  onChange: (value: T) => void;
}

export function SelectInput<T extends string>({ id, label, value, options, onChange }: SelectProps<T>) {
  return html`<${Field} id=${id} label=${label} tone="admin">
    ${(control: FieldControl) => html`<select name=${id} value=${value} ...${control}
      onChange=${(event: ChangeEvent<HTMLSelectElement>) => onChange(event.target.value as T)}>
      ${Object.entries<string>(options).map(([key, text]) => html`<option key=${key} value=${key}>${text}</option>`)}
    </select>`}
  <//>`;
}

interface ChoiceProps<T extends string> {
  name: string;
  legend: string;
  value: T;
  options: Record<T, string>;
  onChange: (value: T) => void;
  /** What the chosen option does, under the options (tied to the group for screen readers). */
  hint?: string | false | undefined;
}

/** Radio buttons in a fieldset named by its legend ("Age": "As written", "From the birth date"). */
export function Choice<T extends string>({ name, legend, value, options, onChange, hint }: ChoiceProps<T>) {
  const hintId = `${name}-hint`;
  return html`<fieldset className=${styles.choice} aria-describedby=${hint ? hintId : undefined}>
    <legend className=${fieldStyles.label.admin}>${legend}</legend>
    ${Object.entries<string>(options).map(
      ([key, text]) => html`<label key=${key} className=${radio}>
        <input type="radio" name=${name} value=${key} checked=${value === key}
          onChange=${() => onChange(key as T)} />
        ${text}
      </label>`,
    )}
    ${hint && html`<p id=${hintId} className=${styles.hint}>${hint}</p>`}
  </fieldset>`;
}
