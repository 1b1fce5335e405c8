import { html } from 'htm/react';
import type { MouseEvent } from 'react';
import { paths } from '../../../shared/routes';
import * as card from '../../../ui/admin/Card.css';
import * as buttons from '../../../ui/components/Button.css';
import { useRouter } from '../../../ui/router';
import { littersText } from './litters-text';

/** The dashboard's way to the litters: a link "Litters" (it opens in a new tab too), moved to in place. */
export function LittersLink() {
  const { navigate } = useRouter();
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(paths.litters);
  };
  return html`<section className=${card.card} aria-labelledby="manage-litters-title">
    <div className=${card.header}>
      <div>
        <h2 id="manage-litters-title" className=${card.title}>${littersText.title}</h2>
        <p className=${card.description}>${littersText.manageIntro}</p>
      </div>
      <a href=${paths.litters} className=${`${buttons.button.dark} ${buttons.compact}`} onClick=${open}>${littersText.manage}</a>
    </div>
  </section>`;
}
