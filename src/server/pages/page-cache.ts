import type { NextFunction, Request, Response } from 'express';
import { clientContentToSend } from '../../features/site/resolve.server';
import type { AssetManifest } from '../../shared/asset-manifest';
import { brand } from '../../shared/brand';
import type { PageContent } from '../../shared/page-content';
import type { PagePuppies } from '../../shared/page-puppies';
import type { NextLitterPage, PageState } from '../../shared/page-state';
import { matchRoute, paths, type Route } from '../../shared/routes';
import { cacheControl } from '../http/cache-control';
import { type CompressedBody, type CompressionLevel, compressBody, sendCompressed } from './compression';
import { siteOrigin } from './origin';
import { renderPage } from './render';

/**
 * Distinct origins (with PUBLIC_URL unset, the Host header's) that get pages of their own. Host is
 * the client's to choose, so every other origin shares one page rendered once for UNKNOWN_ORIGIN:
 * a request never buys a render (decision 100).
 */
const MAX_CACHED_ORIGINS = 4;
/** The origin the shared page is rendered for: none, so its links are relative and trust no Host. */
const UNKNOWN_ORIGIN = '';

/** What the pages show: the breeder's puppies, her published content, the planned litters she shows. */
interface PageData {
  puppies: PagePuppies;
  content: PageContent;
  nextLitters: NextLitterPage[] | undefined;
}

/** Something the pages show, which says when it changed (the puppies, the content, …). */
interface PageSource {
  onChange(listener: () => void): unknown;
}

/**
 * The pages' data, read at each rendering, and the one list of its sources: a change of any of
 * them renders the pages again (decision 081). A new kind of page data adds its source here.
 */
interface PageDataSources {
  read(): PageData;
  sources: readonly PageSource[];
}

/**
 * Serves the pages of the route table. Pages carry no per-request data, so each is rendered once
 * (still through renderToPipeableStream), compressed once, and then served from memory with an
 * ETag (304 on a match). A change of any page data source drops the cache and renders the landing page
 * again at once, so the next visitor gets the new page, with a new ETag, without a long wait.
 */
export function createPageHandler(
  manifest: AssetManifest,
  inlineCss: string,
  publicUrl: string | undefined,
  data: PageDataSources,
) {
  const cache = new Map<string, Promise<CompressedBody>>();
  /** What each cached rendering resolved to, for the hot path, which cannot wait on a promise. */
  const settled = new WeakMap<Promise<CompressedBody>, CompressedBody>();
  const keyOf = (origin: string, path: string | null) => `${origin} ${path ?? '#notFound'}`;
  /** Origins that have pages of their own (at most MAX_CACHED_ORIGINS). */
  const origins = new Set<string>();
  /** Origins rendered for so far (those above, and UNKNOWN_ORIGIN once used): re-rendered on a change. */
  const served = new Set<string>();

  /** The origin a request's page is rendered for: its own if it has (or now gets) a slot, else UNKNOWN_ORIGIN. */
  function pageOrigin(origin: string, admit: boolean): string {
    if (origins.has(origin)) return origin;
    if (origins.size >= MAX_CACHED_ORIGINS) return UNKNOWN_ORIGIN;
    if (admit) origins.add(origin);
    return origin;
  }

  const render = (
    route: Route,
    path: string,
    origin: string,
    pageState: PageState = {},
    level: CompressionLevel = 'best',
  ) => {
    const { puppies, content, nextLitters } = data.read();
    return renderPage({
      path,
      route,
      manifest,
      inlineCss,
      origin,
      pageState:
        route.id === 'landing'
          ? landingState(pageState, puppies, content, nextLitters)
          : route.admin
            ? adminState(pageState, content)
            : pageState,
      content,
    }).then((html) => compressBody(html, level));
  };

  /** Swaps a quickly compressed page for its best compression (same bytes, same ETag), unless replaced meanwhile. */
  function upgrade(key: string, rendering: Promise<CompressedBody>, done: CompressedBody): void {
    compressBody(done.identity).then(
      (best) => {
        if (cache.get(key) !== rendering) return;
        const better = Promise.resolve(best);
        settled.set(better, best);
        cache.set(key, better);
      },
      () => {},
    );
  }

  function cached(
    route: Route,
    path: string,
    origin: string,
    level: CompressionLevel = 'best',
  ): Promise<CompressedBody> {
    // Unknown paths share one cached 404 body; the path is not part of what it shows.
    const key = keyOf(origin, route.path);
    let body = cache.get(key);
    if (!body) {
      const rendering = render(route, path, origin, {}, level);
      rendering.then(
        (done) => {
          settled.set(rendering, done);
          if (level === 'fast') upgrade(key, rendering, done);
        },
        // A failed rendering is dropped, unless a newer one (after a change) has replaced it.
        () => {
          if (cache.get(key) === rendering) cache.delete(key);
        },
      );
      cache.set(key, rendering);
      body = rendering;
    }
    return body;
  }

  function page(req: Request, pageState?: PageState): Promise<CompressedBody> {
    const route = matchRoute(req.path);
    const path = route.path ?? req.path;
    const origin = pageOrigin(siteOrigin(req, publicUrl), !pageState);
    if (pageState) return render(route, path, origin, pageState);
    served.add(origin);
    return cached(route, path, origin);
  }

  const refresh = () => {
    cache.clear();
    const landing = matchRoute(paths.landing);
    // Compressed fast first, so the next visitor waits for little more than the render itself.
    for (const origin of served) cached(landing, paths.landing, origin, 'fast').catch(() => {});
  };
  for (const source of data.sources) source.onChange(refresh);

  return {
    /** The landing page for this origin (see siteOrigin), if it is rendered already (else undefined). */
    renderedLanding(origin: string): CompressedBody | undefined {
      const rendering = cache.get(keyOf(pageOrigin(origin, false), paths.landing));
      return rendering && settled.get(rendering);
    },
    /** GET handler for every page path. */
    async handle(req: Request, res: Response, next: NextFunction) {
      try {
        const body = await page(req);
        const { id, status } = matchRoute(req.path);
        res.status(status).type('html');
        res.setHeader('ETag', body.etag);
        // Only the public page is the same for everyone; the login and admin shells stay private
        // (privateByDefault).
        if (id === 'landing') res.setHeader('Cache-Control', cacheControl.publicPage);
        if (status === 200 && req.fresh) {
          res.status(304).end();
          return;
        }
        sendCompressed(req, res, body);
      } catch (error) {
        next(error);
      }
    },
    /**
     * The landing page as `content` would make it (the draft's preview), for the signed-in admin
     * only: never cached, and private like every answer that is not the public page.
     */
    async renderPreview(req: Request, res: Response, content: (puppies: PagePuppies) => PageContent) {
      const route = matchRoute(paths.landing);
      const { puppies, nextLitters } = data.read();
      const shown = content(puppies);
      const html = await renderPage({
        path: paths.landing,
        route,
        manifest,
        inlineCss,
        origin: siteOrigin(req, publicUrl),
        pageState: { ...landingState({}, puppies, shown, nextLitters), path: paths.landing },
        content: shown,
      });
      res.status(200).type('html').setHeader('X-Robots-Tag', 'noindex');
      sendCompressed(req, res, await compressBody(html, 'fast'));
    },
    /** Renders a page with request-specific state (e.g. a scripts-off form result): never cached. */
    async renderWithState(req: Request, res: Response, pageState: PageState, status?: number) {
      const body = await page(req, pageState);
      res.status(status ?? matchRoute(req.path).status).type('html');
      sendCompressed(req, res, body);
    },
  };
}

export type PageHandler = ReturnType<typeof createPageHandler>;

/** An admin page's state: the brand she published, when not the built-in one (for its titles). */
function adminState(pageState: PageState, content: PageContent): PageState {
  return content.brand.full === brand.full ? pageState : { ...pageState, brand: content.brand.full };
}

/**
 * The landing page's state beside its HTML: the puppies, the next litter while shown, and the
 * content's browser-rendered part only when it differs from the bundle's own copy (a fresh
 * install's page carries neither of the last two).
 */
function landingState(
  pageState: PageState,
  puppies: PagePuppies,
  content: PageContent,
  nextLitters: NextLitterPage[] | undefined,
): PageState {
  const client = clientContentToSend(content);
  const state: PageState = client ? { ...pageState, puppies, content: client } : { ...pageState, puppies };
  return nextLitters ? { ...state, nextLitters } : state;
}
