import { html } from 'htm/react';
import type { MouseEvent, ReactNode } from 'react';
import * as styles from './Button.css';
import { Spinner } from './Spinner';

interface ButtonProps {
  children: ReactNode;
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void;
  type?: 'button' | 'submit';
  variant?: keyof typeof styles.button;
  /** The dashboard's denser, squarer shape. */
  compact?: boolean;
  /** Shows a spinner and disables the button while an action is under way. */
  pending?: boolean;
  disabled?: boolean;
  full?: boolean;
  /** Id of the element that tells which item the button acts on (e.g. a table row's name). */
  describedBy?: string;
  /** For focus to find the button again after a change (see admin/puppies/focus-after-change). */
  id?: string;
  className?: string;
}

/**
 * The site's one button, for the public page and the dashboard alike. A link that must look like
 * a button (an in-page anchor that works without scripts) uses the same classes: `button.primary`.
 */
export function Button({
  children,
  onClick,
  type = 'button',
  variant = 'primary',
  compact = false,
  pending = false,
  disabled = false,
  full = false,
  describedBy,
  id,
  className,
}: ButtonProps) {
  const classes = [styles.button[variant], compact && styles.compact, full && styles.full, className];
  return html`<button
    id=${id}
    type=${type}
    className=${classes.filter(Boolean).join(' ')}
    onClick=${onClick}
    disabled=${disabled || pending}
    aria-busy=${pending || undefined}
    aria-describedby=${describedBy}
  >
    ${pending && html`<${Spinner} />`}${children}
  </button>`;
}
