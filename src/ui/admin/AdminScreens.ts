import { html } from 'htm/react';
import type { RouteId } from '../../shared/routes';

/** Placeholder until the admin issue: the route table and the lazy chunk are in place. */
export default function AdminScreens({ route }: { route: RouteId }) {
  return html`<main><h1>${route === 'login' ? 'Admin Login' : 'Admin Dashboard'}</h1></main>`;
}
