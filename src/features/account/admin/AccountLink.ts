import { html } from 'htm/react';
import type { MouseEvent } from 'react';
import { paths } from '../../../shared/routes';
import * as buttons from '../../../ui/components/Button.css';
import { useRouter } from '../../../ui/router';
import { accountText } from './account-text';

/** The dashboard's way to the account page: a link (it opens in a new tab too), moved to in place. */
export function AccountLink() {
  const { navigate } = useRouter();
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(paths.account);
  };
  return html`<a href=${paths.account} className=${`${buttons.button.outline} ${buttons.compact}`} onClick=${open}>${accountText.link}</a>`;
}
