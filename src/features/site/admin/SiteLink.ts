import { html } from 'htm/react';
import type { MouseEvent } from 'react';
import { paths } from '../../../shared/routes';
import * as card from '../../../ui/admin/Card.css';
import * as buttons from '../../../ui/components/Button.css';
import { useRouter } from '../../../ui/router';
import { siteText } from './site-text';

/** The dashboard's way to the site editor: a link (it opens in a new tab too), moved to in place. */
export function SiteLink() {
  const { navigate } = useRouter();
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(paths.site);
  };
  return html`<section className=${card.card} aria-labelledby="site-link-title">
    <div className=${card.header}>
      <div>
        <h2 id="site-link-title" className=${card.title}>${siteText.title}</h2>
        <p className=${card.description}>${siteText.linkIntro}</p>
      </div>
      <a href=${paths.site} className=${`${buttons.button.dark} ${buttons.compact}`} onClick=${open}>${siteText.open}</a>
    </div>
  </section>`;
}
