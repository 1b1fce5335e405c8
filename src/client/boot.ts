/**
 * The only script a page links: it loads the app (main.ts and its chunks, named by the server in
 * the script element's data-app and data-preload) once the page has painted its content. The
 * server-rendered page is complete and usable without scripts (links, the contact form's post),
 * so the hero photo, the largest paint, gets the phone's bandwidth and main thread first and the
 * ~90 KB of JavaScript comes after it rather than beside it. See docs/decisions (first paint
 * before JavaScript).
 */

const FALLBACK_MS = 3000;
/**
 * visitsApi.beacon (src/features/visits/visits.ts), written out: an import would make this script wait for
 * a chunk of esbuild's shared helpers before it runs.
 */
const BEACON = '/api/visit';

/** Resolves after the first contentful paint, or after a frame (or at worst a few seconds) where it cannot be observed. */
function afterFirstContentfulPaint(): Promise<void> {
  return new Promise((resolve) => {
    const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
    if (painted()) {
      resolve();
      return;
    }
    // A tab opened in the background paints nothing until it is shown: do not wait for ever.
    setTimeout(resolve, FALLBACK_MS);
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      requestAnimationFrame(() => setTimeout(resolve));
      return;
    }
    const observer = new PerformanceObserver(() => {
      if (!painted()) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
}

function loadApp(): void {
  const script = document.querySelector<HTMLScriptElement>('script[data-app]');
  const entry = script?.dataset.app;
  if (!entry) return;
  // The app's chunks are fetched side by side, not one after another as imports are discovered.
  for (const href of script.dataset.preload?.split(' ').filter(Boolean) ?? []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
  void import(/* the app's hashed URL, from the server */ entry);
}

/**
 * Counts this view of / (README, "Visits"): the page's query (its utm_* tags) and where the visitor
 * came from, sent once the page is actually shown, so a prerendered or background tab that is
 * never looked at is not counted. No cookie, no storage: the server keeps only counts.
 */
function countVisit(): void {
  if (location.pathname !== '/') return;
  const doc = document as Document & { prerendering?: boolean };
  if (doc.prerendering || doc.visibilityState !== 'visible') {
    doc.addEventListener(doc.prerendering ? 'prerenderingchange' : 'visibilitychange', countVisit, {
      once: true,
    });
    return;
  }
  navigator.sendBeacon?.(BEACON, new URLSearchParams({ p: location.search, r: doc.referrer }));
}

void afterFirstContentfulPaint().then(() => {
  loadApp();
  countVisit();
});
