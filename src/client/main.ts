import { html } from 'htm/react';
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { DEV_RELOAD_PATH } from '../shared/dev-reload-path';
import { PAGE_STATE_ID, type PageState } from '../shared/page-state';
import { App } from '../ui/App';

function readPageState(): PageState {
  const text = document.getElementById(PAGE_STATE_ID)?.textContent;
  return text ? (JSON.parse(text) as PageState) : {};
}
const pageState = readPageState();

const root = document.getElementById('root');
// In a transition, hydration yields to the browser every few milliseconds instead of blocking
// the main thread for the whole page at once (Lighthouse counted ~170 ms of blocking time).
if (root)
  startTransition(() => {
    hydrateRoot(
      root,
      html`<${App} path=${pageState.path ?? window.location.pathname} pageState=${pageState} />`,
    );
  });

// `npm run dev` only (the production build drops this): the server sends its boot id; a new one
// means it restarted after a rebuild, so the page reloads with the new code.
if (DEV_RELOAD) {
  let boot: string | undefined;
  new EventSource(DEV_RELOAD_PATH).addEventListener('boot', (event) => {
    if (boot && boot !== event.data) window.location.reload();
    boot = event.data;
  });
}
