import { html } from 'htm/react';
import type { MouseEvent } from 'react';
import { brand, footer } from '../../../shared/content';
import { paths } from '../../../shared/routes';
import * as layout from '../layout.css';
import { isPlainClick, scrollToSection } from '../scroll';
import * as styles from './Footer.css';

export function Footer() {
  const follow = (event: MouseEvent, target: string) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    scrollToSection(target);
  };
  return html`<footer className=${`${styles.footer} ${layout.onDark}`}>
    <div className=${styles.grid}>
      <div className=${styles.brandBlock}>
        <p className=${styles.brand}>
          <span className=${styles.first}>${brand.first}</span> <span className=${styles.second}>${brand.second}</span>
        </p>
        <p>${footer.tagline}</p>
      </div>
      <nav aria-label=${footer.quickLinksLabel}>
        <h2 className=${styles.heading}>${footer.quickLinksHeading}</h2>
        <ul className=${styles.links}>
          ${footer.quickLinks.map(
            (item) => html`<li key=${item.target}>
              <a href=${`#${item.target}`} className=${styles.link} onClick=${(event: MouseEvent) => follow(event, item.target)}>
                ${item.label}
              </a>
            </li>`,
          )}
        </ul>
      </nav>
      <div>
        <h2 className=${styles.heading}>${footer.contactHeading}</h2>
        <p>${footer.contactNote}</p>
      </div>
    </div>
    <div className=${styles.bottom}>
      <p>${footer.copyright}</p>
      <a href=${paths.login} className=${styles.admin}>${footer.adminLink}</a>
    </div>
  </footer>`;
}
