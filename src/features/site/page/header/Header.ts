import { html } from 'htm/react';
import { type MouseEvent, useEffect, useRef, useState } from 'react';
import { paths } from '../../../../shared/routes';
import { Icon } from '../../../../ui/components/Icon';
import { useClientContent } from '../../../../ui/landing/content-context';
import { isPlainClick, scrollToSection } from '../../../../ui/landing/scroll';
import { header, type NavItem, nav } from '../site-labels';
import * as styles from './Header.css';

const MENU_ID = 'site-menu';

/**
 * Sticky header: wordmark and the four in-page links. The links are real anchors, so they work
 * before and without scripts; with scripts they scroll smoothly and close the phone menu. On a
 * phone with scripts off the list is simply shown (CSS `scripting: none`), as the toggle cannot work.
 */
export function Header() {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const { brand } = useClientContent();

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const follow = (event: MouseEvent, target: string) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    if (scrollToSection(target)) setOpen(false);
  };

  const toTop = (event: MouseEvent) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    setOpen(false);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const link = (item: NavItem) => html`<li key=${item.target}>
    <a
      href=${`#${item.target}`}
      className=${item.highlighted ? styles.ctaLink : styles.link}
      onClick=${(event: MouseEvent) => follow(event, item.target)}
    >${item.label}</a>
  </li>`;

  return html`<header className=${styles.header}>
    <a href="#main" className=${styles.skipLink}>${header.skipLink}</a>
    <div className=${styles.bar}>
      <a href=${paths.landing} className=${styles.wordmark} onClick=${toTop}>
        <span className=${styles.first}>${brand.first}</span> <span className=${styles.second}>${brand.second}</span>
      </a>
      <nav aria-label=${header.navLabel} className=${styles.nav}>
        <button
          ref=${toggle}
          type="button"
          className=${styles.toggle}
          aria-label=${header.menuToggle}
          aria-expanded=${open}
          aria-controls=${MENU_ID}
          onClick=${() => setOpen((value) => !value)}
        >
          <${Icon} name=${open ? 'close' : 'menu'} />
        </button>
        <ul id=${MENU_ID} className=${open ? styles.listOpen : styles.list}>${nav.map(link)}</ul>
      </nav>
    </div>
  </header>`;
}
