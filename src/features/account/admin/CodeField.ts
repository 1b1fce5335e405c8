import { html } from 'htm/react';
import type { RefObject } from 'react';
import { Field, type FieldControl } from '../../../ui/components/Field';

interface CodeFieldProps {
  id: string;
  label: string;
  error: string | undefined;
  value: string;
  onChange: (value: string) => void;
  inputRef: RefObject<HTMLInputElement | null>;
}

/**
 * The field for an authenticator app's code or a recovery code, in the same form wherever one is
 * asked for (turning the app on or off, new recovery codes, the login's second step): a numeric
 * keyboard on phones, and `one-time-code` so the phone can offer the code it just received.
 */
export function CodeField({ id, label, error, value, onChange, inputRef }: CodeFieldProps) {
  return html`<${Field} id=${id} label=${label} error=${error} tone="admin">
    ${(control: FieldControl) => html`<input
      ref=${inputRef}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      spellCheck=${false}
      value=${value}
      onChange=${(event: { target: HTMLInputElement }) => onChange(event.target.value)}
      ...${control}
    />`}
  <//>`;
}
