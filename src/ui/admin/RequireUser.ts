import { html } from 'htm/react';
import { useEffect } from 'react';
import type { PublicUser } from '../../shared/api';
import { paths } from '../../shared/routes';
import { Spinner } from '../components/Spinner';
import { useRouter } from '../router';
import { dashboardText } from './admin-text';
import { useCurrentUser } from './current-user';

/**
 * A protected admin page: a spinner while the current user loads, a redirect to the login page
 * when there is none (the server redirects too; this covers a session that ends while the page
 * is open), else `page` for that user.
 */
export function RequireUser({ page }: { page: (user: PublicUser) => unknown }) {
  const { navigate } = useRouter();
  const user = useCurrentUser();
  const signedOut = user.data === null || user.isError;
  useEffect(() => {
    if (signedOut) navigate(paths.login, { replace: true });
  }, [signedOut, navigate]);
  if (!user.data) return html`<${Spinner} block label=${dashboardText.checkingSession} />`;
  return page(user.data);
}
