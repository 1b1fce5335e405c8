import { html } from 'htm/react';
import { useCallback, useEffect, useState } from 'react';
import * as card from '../../../ui/admin/Card.css';
import * as editor from '../../../ui/admin/editor.css';
import type { SiteContent } from '../site-content';
import { isSectionId, SECTION_IDS, type SectionId, sectionHasErrors, sectionSummary } from './sections';
import * as styles from './site.css';
import { siteText } from './site-text';

const sectionOfHash = (): SectionId | null => {
  const id = window.location.hash.slice(1);
  return isSectionId(id) ? id : null;
};

/**
 * Which section is open, kept in the address (`/admin/site#deal`): the phone's Back button returns
 * to the list, and a reload stays in the section. Opening one moves the focus to its fields;
 * closing it, back to its line in the list.
 */
export function useOpenSection() {
  const [open, setOpen] = useState<SectionId | null>(null);

  useEffect(() => {
    const follow = () => {
      const next = sectionOfHash();
      setOpen((was) => {
        if (was && !next) focusLater(`section-${was}`);
        if (next && next !== was) focusLater(`group-${next}`, true);
        return next;
      });
    };
    follow();
    window.addEventListener('popstate', follow);
    return () => window.removeEventListener('popstate', follow);
  }, []);

  const show = useCallback((id: SectionId) => {
    window.history.pushState({ siteSection: id }, '', `#${id}`);
    setOpen(id);
    focusLater(`group-${id}`, true);
  }, []);

  const close = useCallback(() => {
    // Opened from the list: going back is the same as the phone's Back button.
    if ((window.history.state as { siteSection?: string } | null)?.siteSection) {
      window.history.back();
      return;
    }
    window.history.replaceState(null, '', window.location.pathname + window.location.search);
    setOpen((was) => {
      if (was) focusLater(`section-${was}`);
      return null;
    });
  }, []);

  return { open, show, close };
}

/** After React has rendered the change: the element, at the top of the screen when it opens. */
function focusLater(id: string, toTop = false) {
  requestAnimationFrame(() => {
    const element = document.getElementById(id);
    if (!element) return;
    if (toTop) window.scrollTo(0, 0);
    element.focus({ preventScroll: toTop });
  });
}

/** The page's sections in its order, each with what it holds in one line; tapping one opens it. */
export function SectionList({
  content,
  errors,
  onOpen,
}: {
  content: SiteContent;
  errors: Record<string, string>;
  onOpen: (id: SectionId) => void;
}) {
  return html`<nav className=${card.card} aria-labelledby="site-sections-title">
    <div className=${card.header}>
      <div>
        <h2 id="site-sections-title" className=${card.title}>${siteText.sections}</h2>
        <p className=${card.description}>${siteText.sectionsIntro}</p>
      </div>
    </div>
    <ul className=${styles.sections}>
      ${SECTION_IDS.map((id) => {
        const attention = sectionHasErrors(id, errors);
        const summary = sectionSummary(id, content);
        return html`<li key=${id}>
          <button type="button" id=${`section-${id}`} className=${styles.section} onClick=${() => onOpen(id)}>
            <span className=${styles.sectionTitle}>${siteText.groups[id]}</span>
            ${attention && html`<span className=${editor.over}>${siteText.sectionNeedsAttention}</span>`}
            <span className=${styles.summary}>${summary}</span>
          </button>
        </li>`;
      })}
    </ul>
  </nav>`;
}
