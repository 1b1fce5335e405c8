import { useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns/format';
import { html } from 'htm/react';
import { useState } from 'react';
import { paths } from '../../../shared/routes';
import * as page from '../../../ui/admin/AdminPage.css';
import * as alertStyles from '../../../ui/admin/Alert.css';
import * as card from '../../../ui/admin/Card.css';
import * as dashboard from '../../../ui/admin/dashboard/Dashboard.css';
import { ErrorAlert } from '../../../ui/admin/ErrorAlert';
import * as editor from '../../../ui/admin/editor.css';
import { RequireUser } from '../../../ui/admin/RequireUser';
import { reasonOf } from '../../../ui/admin/request-errors';
import { Button } from '../../../ui/components/Button';
import * as buttons from '../../../ui/components/Button.css';
import { Spinner } from '../../../ui/components/Spinner';
import { useToast } from '../../../ui/components/Toast';
import { apiRequest, HttpError } from '../../../ui/data/http';
import type { SiteEditorState } from '../site-api';
import { SectionList, useOpenSection } from './SectionList';
import { SiteForm } from './SiteForm';
import * as styles from './site.css';
import { type SaveStatus, SITE_KEY, useDraft, useSiteState } from './site-data';
import { siteText } from './site-text';

/** /admin/site, protected like /admin: every word, price, fact and photo of the public page. */
export function SitePage() {
  return html`<${RequireUser} page=${() => html`<${SiteLoader} />`} />`;
}

function SiteLoader() {
  const site = useSiteState();
  let body: unknown;
  if (site.isPending) body = html`<${Spinner} block label=${siteText.loading} />`;
  else if (site.isError)
    body = html`<${ErrorAlert} title=${siteText.loadError} message=${site.error.message} />`;
  // Keyed by the revision: a publish elsewhere (after a reload) starts the editor afresh.
  else body = html`<${SiteEditor} key=${site.data.basedOn} initial=${site.data} />`;
  return html`<main className=${page.page}>
    <div className=${page.container}>
      <nav aria-label=${siteText.breadcrumb} className=${dashboard.breadcrumb}>
        <ol className=${dashboard.crumbs}>
          <li><a href=${paths.landing}>${siteText.home}</a></li>
          <li aria-hidden="true">${'>'}</li>
          <li><a href=${paths.admin}>${siteText.admin}</a></li>
          <li aria-hidden="true">${'>'}</li>
          <li aria-current="page">${siteText.title}</li>
        </ol>
      </nav>
      <h1 className=${dashboard.title}>${siteText.title}</h1>
      <p className=${card.description}>${siteText.intro}</p>
      ${body}
    </div>
  </main>`;
}

function statusText(status: SaveStatus): string {
  if (status.kind === 'saved') return siteText.saved;
  if (status.kind === 'saving') return siteText.saving;
  if (status.kind === 'live') return siteText.live;
  if (status.kind === 'invalid') return siteText.notSaved;
  return status.message;
}

function SiteEditor({ initial }: { initial: SiteEditorState }) {
  const draft = useDraft(initial);
  const toast = useToast();
  const queryClient = useQueryClient();
  const [state, setState] = useState(initial);
  const [busy, setBusy] = useState<null | 'publish' | 'discard' | number>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const stale = draft.status.kind === 'stale';
  const sections = useOpenSection();

  /** Publish, discard or restore: the server's answer becomes the editor's state. */
  async function act(kind: 'publish' | 'discard' | number) {
    setProblem(null);
    setBusy(kind);
    try {
      if (kind === 'publish' && !(await draft.flush())) return;
      const basedOn = draft.basedOn.current;
      const next =
        kind === 'publish'
          ? await apiRequest<SiteEditorState>('POST', '/api/site/publish', { basedOn })
          : kind === 'discard'
            ? await apiRequest<SiteEditorState>('POST', '/api/site/discard', { basedOn })
            : await apiRequest<SiteEditorState>('POST', '/api/site/restore', { basedOn, revision: kind });
      queryClient.setQueryData(SITE_KEY, next);
      setState(next);
      draft.reset(next);
      if (kind === 'publish') toast({ title: siteText.published, description: siteText.publishedText });
      else if (kind === 'discard') toast({ title: siteText.discarded });
      else toast({ title: siteText.restored, description: siteText.restoredText });
    } catch (error) {
      setProblem(reasonOf(error));
      if (error instanceof HttpError && error.status === 409) setProblem(reasonOf(error));
    } finally {
      setBusy(null);
    }
  }

  const hasDraft = draft.status.kind !== 'live';
  // The bar comes last, so the keyboard reaches the fields first; it stays on screen at the bottom.
  return html`<div className=${editor.form}>
    ${stale && html`<p className=${alertStyles.alert} role="alert">${statusText(draft.status)}</p>`}
    ${problem && html`<p className=${alertStyles.alert} role="alert">${problem}</p>`}
    ${
      sections.open
        ? html`<div className=${styles.tools}>
            <${Button} variant="outline" compact onClick=${sections.close}>${`← ${siteText.allSections}`}<//>
          </div>
          <${SiteForm} section=${sections.open} content=${draft.content} change=${draft.change} errors=${draft.errors} />`
        : html`<${SectionList} content=${draft.content} errors=${draft.errors} onOpen=${sections.show} />
          <${HistoryCard} state=${state} stale=${stale} busy=${busy} act=${act} />`
    }
    <div className=${editor.bar} data-testid="site-bar">
      <p role="status" aria-live="polite" className=${editor.status}>${statusText(draft.status)}</p>
      <a href=${paths.sitePreview} target="_blank" rel="noopener" className=${`${buttons.button.outline} ${buttons.compact}`}>${siteText.preview}</a>
      <${Button} variant="outline" compact disabled=${!hasDraft || stale} pending=${busy === 'discard'} onClick=${() => act('discard')}>${siteText.discard}<//>
      <${Button} variant="dark" compact disabled=${!hasDraft || stale} pending=${busy === 'publish'} onClick=${() => act('publish')}>${siteText.publish}<//>
    </div>
  </div>`;
}

/** History: the last 20 published versions, each with Restore (on the list of sections). */
function HistoryCard({
  state,
  stale,
  busy,
  act,
}: {
  state: SiteEditorState;
  stale: boolean;
  busy: null | 'publish' | 'discard' | number;
  act: (kind: number) => void;
}) {
  return html`<section className=${card.card} aria-labelledby="site-history-title">
      <div className=${card.header}>
        <div>
          <h2 id="site-history-title" className=${card.title}>${siteText.history}</h2>
          <p className=${card.description}>${siteText.historyIntro}</p>
        </div>
      </div>
      <div className=${card.content}>
        <ol className=${editor.history}>
          ${state.history.map(
            (version, i) => html`<li key=${version.revision} className=${editor.version}>
              <span id=${`version-${version.revision}`}>
                ${siteText.version(version.revision)}: ${format(new Date(version.publishedAt), 'MMM d, yyyy h:mm a')} ${siteText.by(version.by)}
              </span>
              ${
                i === 0
                  ? html`<span className=${editor.hint}>${siteText.liveNow}</span>`
                  : html`<${Button} variant="outline" compact describedBy=${`version-${version.revision}`} disabled=${stale}
                      pending=${busy === version.revision} onClick=${() => act(version.revision)}>${siteText.restore}<//>`
              }
            </li>`,
          )}
        </ol>
      </div>
    </section>`;
}
