import { html } from 'htm/react';
import { hero } from '../../shared/content';

/** Placeholder until the landing sections land. */
export function LandingPage() {
  return html`<main><h1>${hero.headline}</h1></main>`;
}
