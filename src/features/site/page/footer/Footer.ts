import { html } from 'htm/react';
import type { MouseEvent } from 'react';
import type { PageContent } from '../../../../shared/page-content';
import { paths } from '../../../../shared/routes';
import { useServerContent } from '../../../../ui/landing/content-context';
import * as layout from '../../../../ui/landing/layout.css';
import { isPlainClick, scrollToSection } from '../../../../ui/landing/scroll';
import { serverHtml } from '../../../../ui/server-html';
import { footer } from '../site-labels';
import * as styles from './Footer.css';

const footerElement = () => document.querySelector('#root > footer');

/**
 * Static: rendered by the server only (see server-html.ts). Its in-page links scroll smoothly
 * through one listener on the footer, since the links themselves are not React's.
 */
export function Footer() {
  const site = useServerContent();
  const onClick = (event: MouseEvent) => {
    const link = (event.target as Element).closest?.('a[href^="#"]');
    if (!link || !isPlainClick(event)) return;
    event.preventDefault();
    scrollToSection(link.getAttribute('href')?.slice(1) ?? '');
  };
  return html`<footer
    className=${`${styles.footer} ${layout.onDark}`}
    onClick=${onClick}
    ...${SERVER_RENDER ? { children: body(site) } : serverHtml(footerElement)}
  />`;
}

function body({ brand, footer: words }: PageContent) {
  return html`<div className=${styles.grid}>
      <div className=${styles.brandBlock}>
        <p className=${styles.brand}>
          <span className=${styles.first}>${brand.first}</span> <span className=${styles.second}>${brand.second}</span>
        </p>
        <p>${words.tagline}</p>
      </div>
      <nav aria-label=${footer.quickLinksLabel}>
        <h2 className=${styles.heading}>${footer.quickLinksHeading}</h2>
        <ul className=${styles.links}>
          ${footer.quickLinks.map(
            (item) => html`<li key=${item.target}>
              <a href=${`#${item.target}`} className=${styles.link}>${item.label}</a>
            </li>`,
          )}
        </ul>
      </nav>
      <div>
        <h2 className=${styles.heading}>${footer.contactHeading}</h2>
        <p>${words.contactNote}</p>
      </div>
    </div>
    <div className=${styles.bottom}>
      <p>${words.copyright}</p>
      <a href=${paths.login} className=${styles.admin}>${footer.adminLink}</a>
    </div>`;
}
