import { html } from 'htm/react';
import type { MouseEvent } from 'react';
import { paths } from '../../../shared/routes';
import * as card from '../../../ui/admin/Card.css';
import * as buttons from '../../../ui/components/Button.css';
import { useRouter } from '../../../ui/router';
import { puppiesText } from './text';

/** The dashboard's way to the litter manager: a link (it opens in a new tab too), moved to in place. */
export function PuppiesLink() {
  const { navigate } = useRouter();
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(paths.puppies);
  };
  return html`<section className=${card.card} aria-labelledby="manage-puppies-title">
    <div className=${card.header}>
      <div>
        <h2 id="manage-puppies-title" className=${card.title}>${puppiesText.title}</h2>
        <p className=${card.description}>${puppiesText.manageIntro}</p>
      </div>
      <a href=${paths.puppies} className=${`${buttons.button.dark} ${buttons.compact}`} onClick=${open}>${puppiesText.manage}</a>
    </div>
  </section>`;
}
