import { html } from 'htm/react';
import * as styles from './NewBadge.css';
import { inboxText } from './text';

/** The marker of an inquiry not yet opened: visible text, so screen readers read "New" too. */
export function NewBadge() {
  return html`<span className=${styles.badge} data-new="">${inboxText.newBadge}</span>`;
}
