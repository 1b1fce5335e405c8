import { html } from 'htm/react';
import { inboxText } from './inbox-text';
import * as styles from './NewBadge.css';

/** The marker of an inquiry not yet opened: visible text, so screen readers read "New" too. */
export function NewBadge() {
  return html`<span className=${styles.badge} data-new="">${inboxText.newBadge}</span>`;
}
