import { useQuery, useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns/format';
import { html } from 'htm/react';
import { type ChangeEvent, useCallback, useEffect, useRef, useState } from 'react';
import { paths } from '../../../shared/routes';
import type { HeldReservations } from '../../../shared/sales';
import * as page from '../../../ui/admin/AdminPage.css';
import * as alertStyles from '../../../ui/admin/Alert.css';
import * as card from '../../../ui/admin/Card.css';
import * as dashboard from '../../../ui/admin/dashboard/Dashboard.css';
import { ErrorAlert } from '../../../ui/admin/ErrorAlert';
import * as editor from '../../../ui/admin/editor.css';
import { TextInput } from '../../../ui/admin/fields';
import { RequireUser } from '../../../ui/admin/RequireUser';
import { reasonOf, serverFieldErrors } from '../../../ui/admin/request-errors';
import { Button } from '../../../ui/components/Button';
import * as fieldStyles from '../../../ui/components/Field.css';
import { Spinner } from '../../../ui/components/Spinner';
import { useToast } from '../../../ui/components/Toast';
import { apiRequest, HttpError } from '../../../ui/data/http';
import {
  CONTRACT_LIMITS,
  type ContractTemplate,
  contractFieldErrors,
  contractsApi,
  type TemplateState,
  templateSchema,
} from '../contracts';
import * as styles from './contracts.css';
import { contractsText } from './contracts-text';

const TEMPLATE_KEY = [contractsApi.template] as const;
const SAVE_AFTER_MS = 800;

/** /admin/contracts, protected like /admin: her agreement template, its preview and history. */
export function ContractsPage() {
  return html`<${RequireUser} page=${() => html`<${ContractsLoader} />`} />`;
}

function ContractsLoader() {
  const state = useQuery<TemplateState>({ queryKey: TEMPLATE_KEY, staleTime: 0, refetchOnMount: 'always' });
  // A restore or a discard keeps the revision: the editor starts afresh from the answer all the
  // same (a new key), without reloading the page (which dropped the toast saying what happened).
  const [resets, setResets] = useState(0);
  const reset = useCallback(() => setResets((n) => n + 1), []);
  let body: unknown;
  if (state.isPending) body = html`<${Spinner} block label=${contractsText.loading} />`;
  else if (state.isError)
    body = html`<${ErrorAlert} title=${contractsText.loadError} message=${state.error.message} />`;
  else
    body = html`<${TemplateEditor} key=${`${state.data.basedOn}-${resets}`} initial=${state.data} onReset=${reset} />`;
  return html`<main className=${page.page}>
    <div className=${page.container}>
      <nav aria-label=${contractsText.breadcrumb} className=${dashboard.breadcrumb}>
        <ol className=${dashboard.crumbs}>
          <li><a href=${paths.landing}>${contractsText.home}</a></li>
          <li aria-hidden="true">${'>'}</li>
          <li><a href=${paths.admin}>${contractsText.admin}</a></li>
          <li aria-hidden="true">${'>'}</li>
          <li aria-current="page">${contractsText.title}</li>
        </ol>
      </nav>
      <h1 className=${dashboard.title}>${contractsText.title}</h1>
      <p className=${card.description}>${contractsText.intro}</p>
      ${body}
    </div>
  </main>`;
}

type Status = 'live' | 'saved' | 'saving' | 'invalid' | { failed: string } | { stale: string };

function statusText(status: Status): string {
  if (status === 'saved') return contractsText.saved;
  if (status === 'saving') return contractsText.saving;
  if (status === 'live') return contractsText.live;
  if (status === 'invalid') return contractsText.notSaved;
  return 'failed' in status ? status.failed : status.stale;
}

/** The draft as she types, saved a moment after the last keystroke, as the site editor's. */
function useTemplateDraft(initial: TemplateState) {
  const queryClient = useQueryClient();
  const [template, setTemplate] = useState<ContractTemplate>(initial.template);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<Status>(initial.hasDraft ? 'saved' : 'live');
  const latest = useRef(template);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const save = useCallback(async (): Promise<boolean> => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const parsed = templateSchema.safeParse(latest.current);
    if (!parsed.success) {
      setErrors(contractFieldErrors(parsed.error));
      setStatus('invalid');
      return false;
    }
    setErrors({});
    setStatus('saving');
    const sent = latest.current;
    try {
      const next = await apiRequest<TemplateState>('PUT', contractsApi.draft, {
        basedOn: initial.basedOn,
        template: parsed.data,
      });
      queryClient.setQueryData(TEMPLATE_KEY, { ...next, template: latest.current });
      if (sent === latest.current) setStatus('saved');
      return true;
    } catch (error) {
      if (error instanceof HttpError && error.status === 409) setStatus({ stale: reasonOf(error) });
      else if (error instanceof HttpError && error.status === 400) {
        setErrors(serverFieldErrors(error));
        setStatus('invalid');
      } else setStatus({ failed: reasonOf(error) });
      return false;
    }
  }, [initial.basedOn, queryClient]);

  const change = (key: keyof ContractTemplate, value: string) => {
    const next = { ...latest.current, [key]: value };
    latest.current = next;
    setTemplate(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void save(), SAVE_AFTER_MS);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  const flush = async () => (timer.current ? save() : status !== 'invalid');
  return { template, errors, status, change, flush };
}

function TemplateEditor({ initial, onReset }: { initial: TemplateState; onReset: () => void }) {
  const draft = useTemplateDraft(initial);
  const toast = useToast();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<null | 'save' | 'discard' | number>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const stale = typeof draft.status === 'object' && 'stale' in draft.status;

  async function act(kind: 'save' | 'discard' | number) {
    setProblem(null);
    setBusy(kind);
    try {
      if (kind === 'save' && !(await draft.flush())) return;
      const basedOn = initial.basedOn;
      const next =
        kind === 'save'
          ? await apiRequest<TemplateState>('POST', contractsApi.save, { basedOn })
          : kind === 'discard'
            ? await apiRequest<TemplateState>('POST', contractsApi.discard, { basedOn })
            : await apiRequest<TemplateState>('POST', contractsApi.restore, { basedOn, revision: kind });
      // A save moves the revision: the editor starts afresh from the answer (its key changes).
      queryClient.setQueryData(TEMPLATE_KEY, next);
      if (kind === 'save')
        toast({ title: contractsText.savedToast, description: contractsText.savedToastText });
      else if (kind === 'discard') toast({ title: contractsText.discarded });
      else toast({ title: contractsText.restored, description: contractsText.restoredText });
      if (kind !== 'save') onReset();
    } catch (error) {
      setProblem(reasonOf(error));
    } finally {
      setBusy(null);
    }
  }

  const hasDraft = draft.status !== 'live';
  const { template, errors } = draft;
  return html`<div className=${editor.form}>
    <div className=${editor.bar}>
      <p role="status" aria-live="polite" className=${editor.status}>${statusText(draft.status)}</p>
      <${Button} variant="outline" compact disabled=${!hasDraft || stale} pending=${busy === 'discard'} onClick=${() => act('discard')}>${contractsText.discard}<//>
      <${Button} variant="dark" compact disabled=${!hasDraft || stale} pending=${busy === 'save'} onClick=${() => act('save')}>${contractsText.save}<//>
    </div>
    ${stale && html`<p className=${alertStyles.alert} role="alert">${statusText(draft.status)}</p>`}
    ${problem && html`<p className=${alertStyles.alert} role="alert">${problem}</p>`}
    <section className=${card.card} aria-labelledby="template-title">
      <div className=${card.header}>
        <div>
          <h2 id="template-title" className=${card.title}>${contractsText.templateTitle}</h2>
          <p className=${card.description}>${contractsText.lawyer}</p>
        </div>
      </div>
      <div className=${`${card.content} ${styles.section}`}>
        <${TextInput} id="title" label=${contractsText.fieldTitle} value=${template.title}
          max=${CONTRACT_LIMITS.title} error=${errors.title} onChange=${(value: string) => draft.change('title', value)} />
        <${TextInput} id="text" label=${contractsText.fieldText} value=${template.text} multiline
          max=${CONTRACT_LIMITS.text} error=${errors.text} hint=${contractsText.placeholders}
          onChange=${(value: string) => draft.change('text', value)} />
        <${TextInput} id="breederName" label=${contractsText.fieldBreeder} value=${template.breederName}
          max=${CONTRACT_LIMITS.breederName} error=${errors.breederName}
          onChange=${(value: string) => draft.change('breederName', value)} />
      </div>
    </section>
    <${PreviewCard} />
    <section className=${card.card} aria-labelledby="template-history-title">
      <div className=${card.header}>
        <div>
          <h2 id="template-history-title" className=${card.title}>${contractsText.history}</h2>
          <p className=${card.description}>${contractsText.historyIntro}</p>
        </div>
      </div>
      <div className=${card.content}>
        <ol className=${editor.history}>
          ${initial.history.map(
            (version, i) => html`<li key=${version.revision} className=${editor.version}>
              <span id=${`template-version-${version.revision}`}>
                ${contractsText.version(version.revision)}: ${format(new Date(version.savedAt), 'MMM d, yyyy h:mm a')} ${contractsText.by(version.savedBy)}
              </span>
              ${
                i === 0
                  ? html`<span className=${editor.hint}>${contractsText.inUse}</span>`
                  : html`<${Button} variant="outline" compact describedBy=${`template-version-${version.revision}`} disabled=${stale}
                      pending=${busy === version.revision} onClick=${() => act(version.revision)}>${contractsText.restore}<//>`
              }
            </li>`,
          )}
        </ol>
      </div>
    </section>
  </div>`;
}

/** "Preview for a family": the template as a reserved family would get it now. */
function PreviewCard() {
  const held = useQuery<HeldReservations>({ queryKey: ['/api/reservations'], staleTime: 0 });
  const [chosen, setChosen] = useState('');
  const [shown, setShown] = useState<{ title: string; text: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const reservations = held.data?.reservations ?? [];
  const preview = async () => {
    if (!chosen) return;
    setPending(true);
    setProblem(null);
    try {
      setShown(await apiRequest<{ title: string; text: string }>('GET', contractsApi.preview(chosen)));
    } catch (error) {
      setProblem(reasonOf(error));
    } finally {
      setPending(false);
    }
  };
  return html`<section className=${card.card} aria-labelledby="preview-title">
    <div className=${card.header}>
      <div>
        <h2 id="preview-title" className=${card.title}>${contractsText.previewTitle}</h2>
        <p className=${card.description}>${contractsText.previewIntro}</p>
      </div>
    </div>
    <div className=${`${card.content} ${styles.section}`}>
      ${
        held.isSuccess && reservations.length === 0
          ? html`<p className=${editor.hint}>${contractsText.noReservations}</p>`
          : html`<label htmlFor="preview-family" className=${fieldStyles.label.admin}>${contractsText.previewFamily}</label>
            <select id="preview-family" className=${fieldStyles.input.admin} value=${chosen}
              onChange=${(event: ChangeEvent<HTMLSelectElement>) => setChosen(event.target.value)}>
              <option value="">${contractsText.chooseFamily}</option>
              ${reservations.map(
                (reservation) =>
                  html`<option key=${reservation.id} value=${reservation.id}>${reservation.familyName} – ${reservation.puppyName}</option>`,
              )}
            </select>
            <div><${Button} variant="outline" compact disabled=${!chosen} pending=${pending} onClick=${preview}>${contractsText.preview}<//></div>`
      }
      ${problem && html`<p className=${alertStyles.alert} role="alert">${problem}</p>`}
      ${
        shown &&
        html`<article aria-label=${contractsText.previewTitle}>
          <h3>${shown.title}</h3>
          <pre className=${styles.agreement} tabIndex=${0}>${shown.text}</pre>
        </article>`
      }
    </div>
  </section>`;
}
