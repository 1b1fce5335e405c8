import { html } from 'htm/react';
import type { MouseEvent } from 'react';
import { deal, sectionIds } from '../../../shared/content';
import { visuallyHidden } from '../../components/a11y.css';
import { button } from '../../components/Button.css';
import { serverHtml } from '../../server-html';
import { useContactState } from '../contact/contact-context';
import { InquireLink } from '../contact/InquireLink';
import * as layout from '../layout.css';
import { isPlainClick } from '../scroll';
import * as styles from './DealBanner.css';

const HEADING_ID = 'deal-heading';
const section = () => document.getElementById(HEADING_ID)?.closest('section');

/**
 * Static: rendered by the server only (see server-html.ts). Its inquire link (InquireLink on the
 * server) selects no preference in the form and scrolls there through one listener on the
 * section, since the link itself is not React's.
 */
export function DealBanner() {
  const { inquire } = useContactState();
  const onClick = (event: MouseEvent) => {
    const link = (event.target as Element).closest?.(`a[href="#${sectionIds.contact}"]`);
    if (!link || !isPlainClick(event)) return;
    event.preventDefault();
    inquire();
  };
  return html`<section
    className=${`${styles.band} ${layout.onDark}`}
    aria-labelledby=${HEADING_ID}
    onClick=${onClick}
    ...${SERVER_RENDER ? { children: body() } : serverHtml(section)}
  />`;
}

function body() {
  return html`<div className=${styles.inner}>
      <h2 id=${HEADING_ID} className=${styles.heading}>${deal.heading}</h2>
      <p className=${styles.tagline}>${deal.tagline}</p>
      <div className=${styles.cards}>
        <article className=${styles.card}>
          <h3 className=${styles.cardTitle}>${deal.single.label}</h3>
          <p className=${styles.price}>${deal.single.price}</p>
          <p className=${styles.note}>${deal.single.note}</p>
        </article>
        <article className=${styles.cardFeatured}>
          <p className=${styles.ribbon}>${deal.pair.badge}</p>
          <h3 className=${styles.cardTitle}>${deal.pair.label}</h3>
          <p className=${styles.price}>
            ${deal.pair.price}${' '}
            <s className=${styles.regular}><span className=${visuallyHidden}>${deal.pair.regularLabel} </span>${deal.pair.regular}</s>
          </p>
          <p className=${styles.saving}>${deal.pair.saving}</p>
        </article>
      </div>
      <${InquireLink} className=${button.light}>${deal.cta}<//>
      <p className=${styles.caption}>${deal.caption}</p>
    </div>`;
}
