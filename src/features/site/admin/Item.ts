import { html } from 'htm/react';
import { Fragment, type ReactNode } from 'react';
import * as editor from '../../../ui/admin/editor.css';
import * as styles from './site.css';
import { siteText } from './site-text';

/**
 * One item of a list in the editor (a hero slide, a why-choose card): its name and what it holds
 * on one line; its fields and its Move up / Move down / Remove only once opened (issue 32: open
 * cards made a section many screens tall on a phone). An item with a field error stays open.
 */
export function Item({
  id,
  title,
  summary,
  open,
  attention,
  onToggle,
  tools,
  children,
}: {
  /** The legend's id: the tools are described by it. */
  id: string;
  title: string;
  summary: string;
  open: boolean;
  attention: boolean;
  onToggle: () => void;
  tools: ReactNode;
  children: ReactNode;
}) {
  const shown = open || attention;
  return html`<fieldset className=${styles.item}>
    <legend id=${id} className=${styles.itemTitle}>
      <button type="button" className=${styles.itemToggle} aria-expanded=${shown} aria-controls=${`${id}-fields`}
        disabled=${attention} onClick=${onToggle}>
        <span>${title}</span>
        ${attention && html`<span className=${editor.over}>${siteText.sectionNeedsAttention}</span>`}
        <span className=${styles.summary}>${summary}</span>
      </button>
    </legend>
    <div id=${`${id}-fields`} className=${styles.itemFields} hidden=${!shown}>${shown && html`<${Fragment}>${children}${tools}<//>`}</div>
  </fieldset>`;
}
