import { html } from 'htm/react';
import * as styles from './Alert.css';

/** A load that failed: what failed, and why (the error's message). */
export function ErrorAlert({ title, message }: { title: string; message: string }) {
  return html`<div className=${styles.alert} role="alert">
    <p className=${styles.title}>${title}</p>
    <p className=${styles.text}>${message}</p>
  </div>`;
}
