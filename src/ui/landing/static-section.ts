import { html } from 'htm/react';
import type { MouseEvent } from 'react';
import { serverHtml } from '../server-html';

/**
 * A section of `/` rendered by the server only (server-html.ts, decision 043): `id` to scroll to,
 * named by its heading `${id}-heading`. Pass the body as `SERVER_RENDER && body(…)`, so the
 * browser build drops it and everything only it imports. One helper for every such section: the
 * browser bundle keeps a template's text, so one template is the first-load budget's friend.
 */
export function staticSection(
  id: string,
  className: string,
  body: unknown,
  onClick?: (event: MouseEvent) => void,
) {
  return html`<section id=${id} tabIndex=${-1} className=${className} aria-labelledby=${`${id}-heading`} onClick=${onClick} ...${SERVER_RENDER ? { children: body } : serverHtml(id)} />`;
}
