import { html } from 'htm/react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import type { PageState } from '../shared/page-state';
import { matchRoute } from '../shared/routes';
import { Spinner } from './components/Spinner';
import { ToastProvider } from './components/Toast';
import { Hydrated } from './Hydrated';
import { LandingPage } from './landing/LandingPage';
import { NotFound } from './NotFound';
import { PageStateContext } from './page-state-context';
import { type Router, RouterContext } from './router';

/**
 * The admin screens are only in the admin pages' own bundle (ADMIN_BUNDLE, decision 044), as a
 * chunk with react-query (only they read server data): a visitor of / never downloads either, and
 * the public page's bundle is one file that shares no chunk with them. The public bundle never
 * meets an admin route (admin pages are full page loads); should it, a reload fetches the right one.
 */
const AdminScreens = ADMIN_BUNDLE ? lazy(() => import('./admin/AdminScreens')) : ReloadForAdmin;

function ReloadForAdmin(_: { route: string }) {
  useEffect(() => window.location.reload(), []);
  return null;
}

interface AppProps {
  path: string;
  pageState?: PageState;
}

export function App({ path: initialPath, pageState = {} }: AppProps) {
  const [path, setPath] = useState(initialPath);

  useEffect(() => {
    const onPopState = () => setPath(window.location.pathname);
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  const navigate = useCallback<Router['navigate']>((to, options) => {
    window.history[options?.replace ? 'replaceState' : 'pushState'](null, '', to);
    setPath(new URL(to, window.location.href).pathname);
    window.scrollTo(0, 0);
  }, []);
  const router = useMemo(() => ({ path, navigate }), [path, navigate]);
  const route = matchRoute(path);

  let page: unknown;
  if (route.id === 'landing') page = html`<${Hydrated}><${LandingPage} /><//>`;
  else if (route.id === 'notFound') page = html`<${Hydrated}><${NotFound} /><//>`;
  else
    page = html`<${Suspense} fallback=${html`<${Spinner} label="Loading" />`}>
      <${Hydrated}><${AdminScreens} route=${route.id} /><//>
    <//>`;

  return html`
    <${RouterContext.Provider} value=${router}>
      <${PageStateContext.Provider} value=${pageState}>
        <${ToastProvider}>${page}<//>
      <//>
    <//>
  `;
}
