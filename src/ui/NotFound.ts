import { html } from 'htm/react';
import { notFound } from '../shared/content';
import { paths } from '../shared/routes';
import * as styles from './NotFound.css';

export function NotFound() {
  return html`
    <main className=${styles.page}>
      <div className=${styles.card}>
        <h1 className=${styles.heading}>${notFound.heading}</h1>
        <p className=${styles.text}>${notFound.text}</p>
        <a className=${styles.link} href=${paths.landing}>Back to the puppies</a>
      </div>
    </main>
  `;
}
