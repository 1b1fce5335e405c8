import { html } from 'htm/react';
import * as styles from './Spinner.css';

/** A spinner; `label` is read by screen readers. `block` centres it in its own area. */
export function Spinner({ label = 'Loading', block = false }: { label?: string; block?: boolean }) {
  const icon = html`<span className=${styles.spinner} aria-hidden="true"></span>`;
  if (!block) return icon;
  return html`<div className=${styles.block} role="status">${icon}<span className=${styles.visuallyHidden}>${label}</span></div>`;
}
