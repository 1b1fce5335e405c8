import { startRegistration } from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns/format';
import { html } from 'htm/react';
import { type FormEvent, useState } from 'react';
import { dateFormats } from '../../../ui/admin/admin-text';
import * as card from '../../../ui/admin/Card.css';
import * as dialog from '../../../ui/admin/dialog-form.css';
import { ErrorAlert } from '../../../ui/admin/ErrorAlert';
import { Button } from '../../../ui/components/Button';
import { Dialog } from '../../../ui/components/Dialog';
import { Field, type FieldControl } from '../../../ui/components/Field';
import { Spinner } from '../../../ui/components/Spinner';
import { useToast } from '../../../ui/components/Toast';
import { apiRequest, HttpError } from '../../../ui/data/http';
import type { ListedPasskey } from '../account';
import * as styles from './Account.css';
import { accountText, guessDeviceName } from './account-text';

const PASSKEYS_KEY = ['/api/account/passkeys'] as const;
interface PasskeysAnswer {
  passkeys: ListedPasskey[];
}

const when = (iso: string) => format(new Date(iso), dateFormats.full);

/** "Passkeys": add one (named, "iPhone"), each listed with when it was added and last used, "Remove". */
export function PasskeysCard() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const list = useQuery<PasskeysAnswer>({ queryKey: PASSKEYS_KEY });
  const [name, setName] = useState(() =>
    guessDeviceName(typeof navigator === 'undefined' ? '' : navigator.userAgent),
  );
  const [nameError, setNameError] = useState<string | undefined>();
  const [removing, setRemoving] = useState<ListedPasskey | null>(null);
  const update = (answer: PasskeysAnswer) => queryClient.setQueryData(PASSKEYS_KEY, answer);

  const add = useMutation({
    mutationFn: async (deviceName: string) => {
      const optionsJSON = await apiRequest<Parameters<typeof startRegistration>[0]['optionsJSON']>(
        'POST',
        '/api/account/passkeys/options',
      );
      const response = await startRegistration({ optionsJSON });
      return apiRequest<PasskeysAnswer>('POST', '/api/account/passkeys', { name: deviceName, response });
    },
    onSuccess: (answer) => {
      update(answer);
      toast({ title: accountText.passkeyAddedTitle, description: accountText.passkeyAddedText });
    },
    onError: (error) => {
      const data =
        error instanceof HttpError
          ? (error.data as { message?: string; errors?: { name?: string } })
          : undefined;
      if (data?.errors?.name) {
        setNameError(data.errors.name);
        return;
      }
      const description = data?.message ?? accountText.passkeyCancelled;
      toast({ title: accountText.failedTitle, description, variant: 'destructive' });
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) =>
      apiRequest<PasskeysAnswer>('DELETE', `/api/account/passkeys/${encodeURIComponent(id)}`),
    onSuccess: (answer) => {
      update(answer);
      setRemoving(null);
      toast({ title: accountText.passkeyRemovedTitle, description: accountText.removeText });
    },
    onError: (error) =>
      toast({ title: accountText.failedTitle, description: error.message, variant: 'destructive' }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError('Name this passkey (at most 60 characters), e.g. iPhone');
      return;
    }
    setNameError(undefined);
    add.mutate(trimmed);
  };

  let body: unknown;
  if (list.isPending) body = html`<${Spinner} block label=${accountText.passkeysLoading} />`;
  else if (list.isError)
    body = html`<${ErrorAlert} title=${accountText.failedTitle} message=${list.error.message} />`;
  else
    body = html`${
      list.data.passkeys.length === 0
        ? html`<p className=${card.description}>${accountText.noPasskeys}</p>`
        : html`<ul className=${styles.sessions} aria-label=${accountText.passkeysTitle}>
            ${list.data.passkeys.map(
              (key) => html`<li key=${key.id} className=${styles.session}>
                <div>
                  <p className=${styles.device} id=${`passkey-${key.id}`}>${key.name}</p>
                  <p className=${card.description}>${accountText.added} ${when(key.createdAt)} · ${accountText.lastUsed} ${key.lastUsedAt ? when(key.lastUsedAt) : accountText.never}</p>
                </div>
                <${Button} variant="outline" compact describedBy=${`passkey-${key.id}`} onClick=${() => setRemoving(key)}>${accountText.remove}<//>
              </li>`,
            )}
          </ul>`
    }`;

  return html`<section className=${card.card} aria-labelledby="passkeys-title">
    <div className=${card.header}>
      <div>
        <h2 id="passkeys-title" className=${card.title}>${accountText.passkeysTitle}</h2>
        <p className=${card.description}>${accountText.passkeysIntro}</p>
      </div>
    </div>
    <div className=${card.content}>
      <div className=${styles.stack}>
        ${body}
        <form className=${styles.form} noValidate onSubmit=${submit}>
          <${Field} id="passkey-name" label=${accountText.passkeyName} error=${nameError} tone="admin">
            ${(control: FieldControl) => html`<input name="passkey-name" maxLength=${60} value=${name}
              onChange=${(event: { target: HTMLInputElement }) => setName(event.target.value)} ...${control} />`}
          <//>
          <div className=${styles.actions}>
            <${Button} type="submit" variant="dark" compact pending=${add.isPending}>${accountText.addPasskey}<//>
          </div>
        </form>
      </div>
    </div>
    ${
      removing &&
      html`<${Dialog} labelledBy="remove-passkey-title" onClose=${() => setRemoving(null)} className=${dialog.panel}>
        <form className=${dialog.form} noValidate onSubmit=${(event: FormEvent) => {
          event.preventDefault();
          remove.mutate(removing.id);
        }}>
          <h2 id="remove-passkey-title" className=${dialog.dialogTitle}>${accountText.removeTitle(removing.name)}</h2>
          <p>${accountText.removeText}</p>
          <div className=${dialog.footer}>
            <${Button} variant="outline" compact onClick=${() => setRemoving(null)}>${accountText.cancel}<//>
            <${Button} variant="dark" compact type="submit" pending=${remove.isPending}>${accountText.remove}<//>
          </div>
        </form>
      <//>`
    }
  </section>`;
}
