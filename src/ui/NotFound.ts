import { html } from 'htm/react';
import { paths } from '../shared/routes';
import * as styles from './NotFound.css';
import { notFound } from './not-found-labels';

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
