import { html } from 'htm/react';
import type { RouteId } from '../../shared/routes';
import { Dashboard } from './Dashboard';
import { LoginPage } from './LoginPage';

/**
 * The admin screens: one lazily loaded chunk (with its styles), so visitors of the public page
 * download none of it. The server renders no user data here; the browser asks /api/user.
 */
export default function AdminScreens({ route }: { route: RouteId }) {
  return route === 'login' ? html`<${LoginPage} />` : html`<${Dashboard} />`;
}
