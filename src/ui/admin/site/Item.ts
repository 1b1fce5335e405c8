import { html } from 'htm/react';
import { Fragment, type ReactNode } from 'react';
import * as styles from './site.css';
import { siteText } from './text';

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
        ${attention && html`<span className=${styles.over}>${siteText.sectionNeedsAttention}</span>`}
        <span className=${styles.summary}>${summary}</span>
      </button>
    </legend>
    <div id=${`${id}-fields`} className=${styles.itemFields} hidden=${!shown}>${shown && html`<${Fragment}>${children}${tools}<//>`}</div>
  </fieldset>`;
}

/** Which items are open, by key ("card-3"), kept in step as items move and go. */
export type OpenItems = ReadonlySet<string>;

export function toggled(open: OpenItems, key: string): OpenItems {
  const next = new Set(open);
  if (!next.delete(key)) next.add(key);
  return next;
}

/** Item `from` moved to `to` (next to it): their open states move with them. */
export function moved(open: OpenItems, prefix: string, from: number, to: number): OpenItems {
  const next = new Set(open);
  const a = open.has(`${prefix}-${from}`);
  const b = open.has(`${prefix}-${to}`);
  next.delete(`${prefix}-${from}`);
  next.delete(`${prefix}-${to}`);
  if (a) next.add(`${prefix}-${to}`);
  if (b) next.add(`${prefix}-${from}`);
  return next;
}

/** Item `index` of `count` removed: the ones after it move up one. */
export function removed(open: OpenItems, prefix: string, index: number, count: number): OpenItems {
  const next = new Set([...open].filter((key) => !key.startsWith(`${prefix}-`)));
  for (let i = 0; i < count; i++) {
    if (i === index || !open.has(`${prefix}-${i}`)) continue;
    next.add(`${prefix}-${i < index ? i : i - 1}`);
  }
  return next;
}
