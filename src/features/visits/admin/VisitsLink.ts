import { html } from 'htm/react';
import type { MouseEvent } from 'react';
import { paths } from '../../../shared/routes';
import * as card from '../../../ui/admin/Card.css';
import * as buttons from '../../../ui/components/Button.css';
import { useRouter } from '../../../ui/router';
import { visitsText } from './visits-text';

/** The dashboard's way to the Visits page: a link (it opens in a new tab too), moved to in place. */
export function VisitsLink() {
  const { navigate } = useRouter();
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(paths.visits);
  };
  return html`<section className=${card.card} aria-labelledby="visits-link-title">
    <div className=${card.header}>
      <div>
        <h2 id="visits-link-title" className=${card.title}>${visitsText.title}</h2>
        <p className=${card.description}>${visitsText.openIntro}</p>
      </div>
      <a href=${paths.visits} className=${`${buttons.button.dark} ${buttons.compact}`} onClick=${open}>${visitsText.open}</a>
    </div>
  </section>`;
}
