import { html } from 'htm/react';
import type { MouseEvent } from 'react';
import { paths } from '../../../shared/routes';
import * as card from '../../../ui/admin/Card.css';
import * as buttons from '../../../ui/components/Button.css';
import { useRouter } from '../../../ui/router';
import { contractsText } from './contracts-text';

/** The dashboard's way to the contracts page: a link (it opens in a new tab too), moved to in place. */
export function ContractsLink() {
  const { navigate } = useRouter();
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(paths.contracts);
  };
  return html`<section className=${card.card} aria-labelledby="contracts-link-title">
    <div className=${card.header}>
      <div>
        <h2 id="contracts-link-title" className=${card.title}>${contractsText.title}</h2>
        <p className=${card.description}>${contractsText.linkIntro}</p>
      </div>
      <a href=${paths.contracts} className=${`${buttons.button.dark} ${buttons.compact}`} onClick=${open}>${contractsText.open}</a>
    </div>
  </section>`;
}
