import { html } from 'htm/react';
import { createElement, Fragment, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/**
 * The shell of a page a family opens from a link (their family page, an application form):
 * rendered by the server with no script, its own small stylesheet, kept out of search results.
 * The features differ only in their head (robots, referrer, stylesheet), so those are passed in;
 * the body is theirs.
 */
export interface FamilyFacingHead {
  /** The robots meta's content. */
  robots: string;
  /** A page whose address is a secret sends no Referer to the sites it links to. */
  noReferrer?: boolean;
  /** The stylesheet's address, with its version. */
  stylesheet: string;
}

function Document({ head, title, children }: { head: FamilyFacingHead; title: string; children: ReactNode }) {
  return html`<html lang="en">
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="robots" content=${head.robots} />
      ${head.noReferrer && html`<meta name="referrer" content="no-referrer" />`}
      <title>${title}</title>
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <link rel="stylesheet" href=${head.stylesheet} />
    </head>
    <body>
      <main className="page">${children}</main>
    </body>
  </html>`;
}

/** The whole document; everything anyone typed is a React text child or attribute, so escaped. */
export const renderFamilyFacingPage = (head: FamilyFacingHead, title: string, body: ReactNode): string =>
  `<!DOCTYPE html>${renderToStaticMarkup(
    // A template with several roots is an array: spread as children, it needs no keys.
    html`<${Document} head=${head} title=${title}>${createElement(Fragment, null, ...(Array.isArray(body) ? body : [body]))}<//>`,
  )}`;
