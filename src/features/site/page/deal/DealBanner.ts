import { html } from 'htm/react';
import type { PageContent } from '../../../../shared/page-content';
import { visuallyHidden } from '../../../../ui/components/a11y.css';
import { button } from '../../../../ui/components/Button.css';
import { useContactState } from '../../../../ui/landing/contact/contact-context';
import { InquireLink, inquireFromSection } from '../../../../ui/landing/contact/InquireLink';
import { useClientContent, useServerContent } from '../../../../ui/landing/content-context';
import * as layout from '../../../../ui/landing/layout.css';
import { serverHtml } from '../../../../ui/server-html';
import { deal } from '../site-labels';
import * as styles from './DealBanner.css';

const HEADING_ID = 'deal-heading';
const section = () => document.getElementById(HEADING_ID)?.closest('section');

/**
 * Static: rendered by the server only (see server-html.ts). Its inquire link (InquireLink on the
 * server) selects no preference in the form and scrolls there through one listener on the
 * section, since the link itself is not React's. Left out while the breeder hides the deal.
 */
export function DealBanner() {
  const { inquire } = useContactState();
  const { deal: shown } = useClientContent();
  const site = useServerContent();
  if (!shown) return null;
  return html`<section
    className=${`${styles.band} ${layout.onDark}`}
    aria-labelledby=${HEADING_ID}
    onClick=${inquireFromSection(inquire)}
    ...${SERVER_RENDER ? { children: body(site.deal) } : serverHtml(section)}
  />`;
}

function body(content: PageContent['deal']) {
  return html`<div className=${styles.inner}>
      <h2 id=${HEADING_ID} className=${styles.heading}>${content.heading}</h2>
      <p className=${styles.tagline}>${content.tagline}</p>
      <div className=${styles.cards}>
        <article className=${styles.card}>
          <h3 className=${styles.cardTitle}>${deal.single.label}</h3>
          <p className=${styles.price}>${content.single}</p>
          <p className=${styles.note}>${deal.single.note}</p>
        </article>
        <article className=${styles.cardFeatured}>
          <p className=${styles.ribbon}>${content.badge}</p>
          <h3 className=${styles.cardTitle}>${deal.pair.label}</h3>
          <p className=${styles.price}>
            ${content.pair}
            ${
              content.saving &&
              html`${' '}<s className=${styles.regular}><span className=${visuallyHidden}>${deal.pair.regularLabel} </span>${content.regular}</s>`
            }
          </p>
          ${content.saving && html`<p className=${styles.saving}>${content.saving}</p>`}
        </article>
      </div>
      <${InquireLink} className=${button.light}>${deal.cta}<//>
      <p className=${styles.caption}>${content.caption}</p>
    </div>`;
}
