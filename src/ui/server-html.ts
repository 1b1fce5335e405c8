/**
 * Static parts of the public page (texts, icons, photos that never change after the server rendered
 * them) are rendered only by the server. In the browser their element keeps the server's HTML:
 * React does not hydrate the children of an element rendered with `dangerouslySetInnerHTML`, and
 * the HTML given is the element's own, read from the page once, so React never has anything to
 * change there. The browser bundle then carries neither their text nor the code that renders them
 * (decision 043).
 *
 * Use it as `<section ...${SERVER_RENDER ? { children: body() } : serverHtml(find)}>`: the ternary
 * must stay at the call site, so the browser build drops `body` and everything only it imports.
 */

/** How an element's server HTML is found again in the page: by id, or a function for anything else. */
type Locate = string | (() => Element | null | undefined);

const read = new Map<Locate, string>();

/** Props that keep, in the browser, the HTML the server rendered inside the located element. */
export function serverHtml(locate: Locate) {
  let html = read.get(locate);
  if (html === undefined) {
    const element = typeof locate === 'string' ? document.getElementById(locate) : locate();
    html = element?.innerHTML ?? '';
    read.set(locate, html);
  }
  return { dangerouslySetInnerHTML: { __html: html }, suppressHydrationWarning: true };
}
