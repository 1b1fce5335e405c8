import { html } from 'htm/react';
import { hydrateRoot } from 'react-dom/client';
import { PAGE_STATE_ID, type PageState } from '../shared/page-state';
import { App } from '../ui/App';

function readPageState(): PageState {
  const text = document.getElementById(PAGE_STATE_ID)?.textContent;
  return text ? (JSON.parse(text) as PageState) : {};
}

const root = document.getElementById('root');
if (root) hydrateRoot(root, html`<${App} path=${window.location.pathname} pageState=${readPageState()} />`);
