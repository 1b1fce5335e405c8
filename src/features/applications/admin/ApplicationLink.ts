import { html } from 'htm/react';
import type { MouseEvent } from 'react';
import { paths } from '../../../shared/routes';
import * as card from '../../../ui/admin/Card.css';
import * as buttons from '../../../ui/components/Button.css';
import { useRouter } from '../../../ui/router';
import { applicationText } from './applications-text';

/** The dashboard's way to her questions: a link "Application", moved to in place. */
export function ApplicationLink() {
  const { navigate } = useRouter();
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(paths.application);
  };
  return html`<section className=${card.card} aria-labelledby="manage-application-title">
    <div className=${card.header}>
      <div>
        <h2 id="manage-application-title" className=${card.title}>${applicationText.cardTitle}</h2>
        <p className=${card.description}>${applicationText.manageIntro}</p>
      </div>
      <a href=${paths.application} className=${`${buttons.button.dark} ${buttons.compact}`} onClick=${open}>${applicationText.manage}</a>
    </div>
  </section>`;
}
