import { html } from 'htm/react';
import type { ReactNode } from 'react';
import { Spinner } from '../components/Spinner';
import * as styles from './Button.css';

export interface ButtonProps {
  children: ReactNode;
  onClick?: () => void;
  type?: 'button' | 'submit';
  variant?: keyof typeof styles.button;
  /** Shows a spinner and disables the button while an action is under way. */
  pending?: boolean;
  disabled?: boolean;
  full?: boolean;
  /** Id of the element that tells which item the button acts on (e.g. a table row's name). */
  describedBy?: string;
}

export function Button({
  children,
  onClick,
  type = 'button',
  variant = 'primary',
  pending = false,
  disabled = false,
  full = false,
  describedBy,
}: ButtonProps) {
  const className = full ? `${styles.button[variant]} ${styles.full}` : styles.button[variant];
  return html`<button
    type=${type}
    className=${className}
    onClick=${onClick}
    disabled=${disabled || pending}
    aria-busy=${pending || undefined}
    aria-describedby=${describedBy}
  >
    ${pending && html`<${Spinner} />`}${children}
  </button>`;
}
