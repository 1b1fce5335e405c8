import type { RequestHandler } from 'express';

/**
 * Who may keep an answer, and for how long: every Cache-Control the server sends is one of these.
 * Anything not marked otherwise is private and never stored (see privateByDefault), so a new
 * route cannot leak a signed-in answer into a shared cache by forgetting a header.
 */
export const cacheControl = {
  /**
   * The public page: the same bytes for every visitor, so a CDN may keep it for a minute and
   * serve it stale for one more while it refetches; browsers revalidate every time (ETag, 304).
   * A change the breeder makes reaches visitors behind a CDN within two minutes at most.
   */
  publicPage: 'public, max-age=0, s-maxage=60, stale-while-revalidate=60',
  /** Build output whose name carries its content hash: never changes under its URL. */
  immutable: 'public, max-age=31536000, immutable',
  /** Public files with fixed names (icons, robots.txt, sitemap, manifest). */
  publicDay: 'public, max-age=86400',
  /** Admin pages, the API, per-request pages (a form's result), errors: never stored anywhere. */
  privateNoStore: 'private, no-store',
} as const;

/** The first middleware: every answer is `private, no-store` unless its route says otherwise. */
export const privateByDefault: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', cacheControl.privateNoStore);
  next();
};
