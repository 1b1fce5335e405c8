import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { html } from 'htm/react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { PublicUser } from '../../../shared/api';
import { brand } from '../../../shared/brand';
import { paths } from '../../../shared/routes';
import { codeSchema, fieldErrors } from '../../../shared/schemas';
import * as page from '../../../ui/admin/AdminPage.css';
import * as card from '../../../ui/admin/Card.css';
import * as dashboard from '../../../ui/admin/dashboard/Dashboard.css';
import { ErrorAlert } from '../../../ui/admin/ErrorAlert';
import { RequireUser } from '../../../ui/admin/RequireUser';
import { Button } from '../../../ui/components/Button';
import * as buttons from '../../../ui/components/Button.css';
import { Spinner } from '../../../ui/components/Spinner';
import { useToast } from '../../../ui/components/Toast';
import { apiRequest, HttpError } from '../../../ui/data/http';
import type { AccountSummary, RecoveryCodesAnswer, TwoStepSetupAnswer } from '../account';
import * as styles from './Account.css';
import { accountText, recoveryCodesFile } from './account-text';
import { CodeField } from './CodeField';
import { PasskeysCard } from './PasskeysCard';
import { PasswordCard } from './PasswordCard';
import { SESSIONS_KEY, SessionsCard } from './SessionsCard';

const ACCOUNT_KEY = ['/api/account'] as const;

/** /admin/account, protected like /admin: how the breeder signs in. */
export function AccountPage() {
  return html`<${RequireUser} page=${(user: PublicUser) => html`<${AccountScreen} user=${user} />`} />`;
}

function AccountScreen({ user }: { user: PublicUser }) {
  const queryClient = useQueryClient();
  return html`<main className=${page.page}>
    <div className=${page.container}>
      <nav aria-label=${accountText.breadcrumb} className=${dashboard.breadcrumb}>
        <ol className=${dashboard.crumbs}>
          <li><a href=${paths.landing}>${accountText.home}</a></li>
          <li aria-hidden="true">${'>'}</li>
          <li><a href=${paths.admin}>${accountText.admin}</a></li>
          <li aria-hidden="true">${'>'}</li>
          <li aria-current="page">${accountText.title}</li>
        </ol>
      </nav>
      <header>
        <h1 className=${dashboard.title}>${accountText.title}</h1>
        <p className=${card.description}>${accountText.intro}: ${user.username}</p>
      </header>
      <${PasskeysCard} />
      <${TwoStepCard} username=${user.username} />
      <${PasswordCard} onChanged=${() => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY })} />
      <${SessionsCard} />
    </div>
  </main>`;
}

/** A failed call's message for a form: the field's error when the server named one. */
function errorText(error: unknown): string {
  if (error instanceof HttpError) {
    const data = error.data as { message?: unknown; errors?: { code?: unknown } } | undefined;
    if (typeof data?.errors?.code === 'string') return data.errors.code;
    if (typeof data?.message === 'string') return data.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/** One code field and its submit button: turning on (after the scan) and turning off. */
function CodeForm({
  id,
  label,
  submit,
  pending,
  error,
  onSubmit,
  children,
}: {
  id: string;
  label: string;
  submit: string;
  pending: boolean;
  error: string | undefined;
  onSubmit: (code: string) => void;
  children?: unknown;
}) {
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  const shown = invalid ?? error;
  useEffect(() => {
    if (error) input.current?.focus();
  }, [error]);
  const send = (event: FormEvent) => {
    event.preventDefault();
    const parsed = codeSchema.safeParse({ code });
    if (!parsed.success) {
      setInvalid(fieldErrors(parsed.error).code);
      input.current?.focus();
      return;
    }
    setInvalid(undefined);
    onSubmit(parsed.data.code);
  };
  return html`<form className=${styles.form} noValidate onSubmit=${send}>
    <${CodeField} id=${id} label=${label} error=${shown} value=${code} onChange=${setCode} inputRef=${input} />
    <div className=${styles.actions}>
      <${Button} type="submit" variant="dark" compact pending=${pending}>${submit}<//>
      ${children}
    </div>
  </form>`;
}

type Step =
  | { kind: 'idle' }
  | { kind: 'scan'; setup: TwoStepSetupAnswer }
  | { kind: 'codes'; codes: string[] };

function TwoStepCard({ username }: { username: string }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const account = useQuery<AccountSummary>({ queryKey: ACCOUNT_KEY });
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const heading = useRef<HTMLHeadingElement>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ACCOUNT_KEY });

  const setup = useMutation({
    mutationFn: () => apiRequest<TwoStepSetupAnswer>('POST', '/api/account/two-step/setup'),
    onSuccess: (answer) => setStep({ kind: 'scan', setup: answer }),
    onError: (error) =>
      toast({ title: accountText.failedTitle, description: errorText(error), variant: 'destructive' }),
  });
  const enable = useMutation({
    mutationFn: (code: string) =>
      apiRequest<RecoveryCodesAnswer>('POST', '/api/account/two-step/enable', { code }),
    onSuccess: (answer) => {
      setStep({ kind: 'codes', codes: answer.recoveryCodes });
      toast({ title: accountText.turnedOnTitle, description: accountText.codesText });
      void refresh();
    },
  });
  const disable = useMutation({
    mutationFn: (code: string) => apiRequest('POST', '/api/account/two-step/disable', { code }),
    onSuccess: () => {
      toast({ title: accountText.turnedOffTitle, description: accountText.twoStepOff });
      void refresh();
    },
  });

  // After each step the heading takes focus, so a screen reader starts at the new content.
  useEffect(() => {
    if (step.kind !== 'idle') heading.current?.focus();
  }, [step.kind]);

  let body: unknown;
  if (account.isPending) body = html`<${Spinner} block label=${accountText.loading} />`;
  else if (account.isError)
    body = html`<${ErrorAlert} title=${accountText.loadError} message=${account.error.message} />`;
  else if (step.kind === 'scan')
    body = html`<div className=${styles.stack}>
      <p>${accountText.scan}</p>
      <img className=${styles.qr} src=${step.setup.qrCode} alt=${accountText.qrAlt} width="192" height="192" />
      <p>${accountText.cannotScan} <code className=${styles.secret} data-testid="totp-secret">${step.setup.secret}</code></p>
      <${CodeForm} id="two-step-code" label=${accountText.codeLabel} submit=${accountText.confirm}
        pending=${enable.isPending} error=${enable.error ? errorText(enable.error) : undefined}
        onSubmit=${(code: string) => enable.mutate(code)}>
        <${Button} variant="outline" compact onClick=${() => setStep({ kind: 'idle' })}>${accountText.cancel}<//>
      <//>
    </div>`;
  else if (step.kind === 'codes') {
    const file = recoveryCodesFile(brand.full, username, step.codes);
    body = html`<div className=${styles.stack}>
      <h3 className=${card.title}>${accountText.codesTitle}</h3>
      <p>${accountText.codesText}</p>
      <ol className=${styles.codes} aria-label=${accountText.codesTitle}>
        ${step.codes.map((code) => html`<li key=${code}>${code}</li>`)}
      </ol>
      <div className=${styles.actions}>
        <a className=${`${buttons.button.outline} ${buttons.compact}`}
          href=${`data:text/plain;charset=utf-8,${encodeURIComponent(file)}`}
          download="saguaro-doodles-recovery-codes.txt">${accountText.download}</a>
        <${Button} variant="dark" compact onClick=${() => setStep({ kind: 'idle' })}>${accountText.done}<//>
      </div>
    </div>`;
  } else if (account.data.twoStep.on)
    body = html`<div className=${styles.stack}>
      <p>${accountText.onText(account.data.twoStep.recoveryCodesLeft)}</p>
      <${CodeForm} id="two-step-off-code" label=${accountText.turnOffLabel} submit=${accountText.turnOff}
        pending=${disable.isPending} error=${disable.error ? errorText(disable.error) : undefined}
        onSubmit=${(code: string) => disable.mutate(code)} />
    </div>`;
  else
    body = html`<div className=${styles.stack}>
      <p>${accountText.twoStepOff}</p>
      <div className=${styles.actions}>
        <${Button} variant="dark" compact pending=${setup.isPending} onClick=${() => setup.mutate()}>${accountText.turnOn}<//>
      </div>
    </div>`;

  return html`<section className=${card.card} aria-labelledby="two-step-title">
    <div className=${card.header}>
      <h2 id="two-step-title" ref=${heading} tabIndex=${-1} className=${card.title}>${accountText.twoStepTitle}</h2>
    </div>
    <div className=${card.content}>${body}</div>
  </section>`;
}
