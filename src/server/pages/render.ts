import { Writable } from 'node:stream';
import images from 'virtual:images';
import { html } from 'htm/react';
import { renderToPipeableStream } from 'react-dom/server';
import { storedPhotoVariants } from '../../features/puppies/puppies';
import type { AssetManifest } from '../../shared/asset-manifest';
import type { PageContent } from '../../shared/page-content';
import { PAGE_STATE_ID, type PageState } from '../../shared/page-state';
import { brandedTitle } from '../../shared/page-titles';
import type { Route } from '../../shared/routes';
import { App } from '../../ui/App';
import { SiteContentContext } from '../../ui/landing/content-context';
import { escapeHtml, scriptJson } from './html';
import { commonHead, landingHead } from './seo';

/** The first hero slide is the largest contentful paint: fetch it before the CSS is parsed. */
function heroPreload(content: PageContent): string {
  const photo = content.hero.slides[0]?.image;
  if (!photo) return '';
  const avif = photo.widths
    ? storedPhotoVariants({ ...photo, widths: photo.widths }).avif
    : images[photo.id]?.avif;
  if (!avif) return '';
  return `<link rel="preload" as="image" type="image/avif" imagesrcset="${escapeHtml(avif)}" imagesizes="100vw" fetchpriority="high">`;
}

/** The document title: the landing page's is hers; the others name the brand she published. */
function titleOf(route: Route, content: PageContent): string {
  if (route.id === 'landing') return content.title;
  return brandedTitle(route.id, content.brand.full);
}

/**
 * The admin screens need their scripts at once, so they link them directly. Public pages are
 * complete without scripts: they link only the boot module, which loads the app once the page
 * has painted (see src/client/boot.ts). A module script runs after the document is parsed, so it
 * can sit in the head either way.
 */
function appScripts(route: Route, manifest: AssetManifest): string[] {
  if (route.admin) {
    return [
      ...manifest.admin.scripts.map((href) => `<link rel="modulepreload" href="${href}">`),
      `<script type="module" src="${manifest.admin.entry}"></script>`,
    ];
  }
  return [
    `<script type="module" src="${manifest.boot}" data-app="${manifest.entry}" data-preload="${manifest.preload.join(' ')}"></script>`,
  ];
}

function documentHead(
  route: Route,
  manifest: AssetManifest,
  inlineCss: string,
  origin: string,
  pageState: PageState,
  content: PageContent,
): string {
  const styles = route.admin ? manifest.admin.styles : [];
  return [
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(titleOf(route, content))}</title>`,
    `<meta name="description" content="${escapeHtml(content.description)}">`,
    route.access === 'public' ? '' : '<meta name="robots" content="noindex">',
    commonHead,
    route.id === 'landing' ? heroPreload(content) : '',
    `<style>${inlineCss}</style>`,
    ...styles.map((href) => `<link rel="stylesheet" href="${href}">`),
    ...appScripts(route, manifest),
    route.id === 'landing'
      ? landingHead(origin, pageState.puppies ?? { available: [], sold: [] }, content)
      : '',
    '</head><body><div id="root">',
  ].join('');
}

function documentTail(pageState: PageState): string {
  const state = Object.keys(pageState).length
    ? `<script type="application/json" id="${PAGE_STATE_ID}">${scriptJson(pageState)}</script>`
    : '';
  return `</div>${state}</body></html>`;
}

interface RenderRequest {
  path: string;
  route: Route;
  manifest: AssetManifest;
  /** The main stylesheet's text (see loadInlineStyles). */
  inlineCss: string;
  /** PUBLIC_URL or the request's origin: for the canonical URL and link previews. */
  origin: string;
  pageState?: PageState;
  /** The published (or, for a preview, the draft) content, resolved for this rendering. */
  content: PageContent;
}

/**
 * Renders a whole page with renderToPipeableStream and waits for all of it (onAllReady), so the
 * page is complete without scripts and needs no inline script to reveal streamed parts.
 */
export function renderPage({
  path,
  route,
  manifest,
  inlineCss,
  origin,
  pageState = {},
  content,
}: RenderRequest): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [
      Buffer.from(documentHead(route, manifest, inlineCss, origin, pageState, content)),
    ];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(Buffer.from(chunk));
        done();
      },
      final(done) {
        chunks.push(Buffer.from(documentTail(pageState)));
        resolve(Buffer.concat(chunks));
        done();
      },
    });
    const app = html`<${SiteContentContext.Provider} value=${content}>
      <${App} path=${path} pageState=${pageState} />
    <//>`;
    const stream = renderToPipeableStream(app, {
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: reject,
    });
  });
}
