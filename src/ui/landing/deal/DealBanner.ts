import { html } from 'htm/react';
import { deal } from '../../../shared/content';
import { visuallyHidden } from '../../components/a11y.css';
import { button } from '../../components/Button.css';
import { InquireLink } from '../contact/InquireLink';
import * as layout from '../layout.css';
import * as styles from './DealBanner.css';

const HEADING_ID = 'deal-heading';

export function DealBanner() {
  return html`<section className=${`${styles.band} ${layout.onDark}`} aria-labelledby=${HEADING_ID}>
    <div className=${styles.inner}>
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
    </div>
  </section>`;
}
