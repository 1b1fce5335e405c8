import { useMutation } from '@tanstack/react-query';
import { html } from 'htm/react';
import { type FormEvent, useRef, useState } from 'react';
import { fieldErrors, type PasswordChangeInput, passwordChangeSchema } from '../../../shared/schemas';
import * as card from '../../../ui/admin/Card.css';
import { Button } from '../../../ui/components/Button';
import { Field, type FieldControl } from '../../../ui/components/Field';
import { useToast } from '../../../ui/components/Toast';
import { apiRequest, HttpError } from '../../../ui/data/http';
import * as styles from './Account.css';
import { accountText } from './account-text';
import { loginFailureText } from './login/login-failure';

type PasswordField = keyof PasswordChangeInput;
const fields: readonly PasswordField[] = ['currentPassword', 'newPassword', 'repeatPassword'];
const empty: PasswordChangeInput = { currentPassword: '', newPassword: '', repeatPassword: '' };

/** "Change password": the current one, the new one twice; the rules are create-admin's (the server's). */
export function PasswordCard({ onChanged }: { onChanged: () => void }) {
  const toast = useToast();
  const [values, setValues] = useState<PasswordChangeInput>(empty);
  const [errors, setErrors] = useState<Partial<Record<PasswordField, string>>>({});
  const refs = {
    currentPassword: useRef<HTMLInputElement>(null),
    newPassword: useRef<HTMLInputElement>(null),
    repeatPassword: useRef<HTMLInputElement>(null),
  };
  const focusFirst = (found: Partial<Record<PasswordField, string>>) => {
    const first = fields.find((field) => found[field]);
    if (first) refs[first].current?.focus();
  };

  const change = useMutation({
    mutationFn: (input: PasswordChangeInput) =>
      apiRequest<{ message: string }>('POST', '/api/account/password', input),
    onSuccess: (answer) => {
      setValues(empty);
      toast({ title: accountText.passwordChangedTitle, description: answer.message });
      onChanged();
    },
    onError: (error) => {
      const data =
        error instanceof HttpError ? (error.data as { errors?: Record<string, string> }) : undefined;
      if (data?.errors) {
        setErrors(data.errors);
        focusFirst(data.errors);
        return;
      }
      const description =
        error instanceof HttpError && error.status === 429 ? loginFailureText(error) : error.message;
      toast({ title: accountText.failedTitle, description, variant: 'destructive' });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = passwordChangeSchema.safeParse(values);
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setErrors(found);
      focusFirst(found);
      return;
    }
    setErrors({});
    change.mutate(parsed.data);
  };

  const input = (field: PasswordField, label: string, autoComplete: string) =>
    html`<${Field} id=${`account-${field}`} label=${label} error=${errors[field]} tone="admin">
      ${(control: FieldControl) => html`<input
        ref=${refs[field]}
        name=${field}
        type="password"
        autoComplete=${autoComplete}
        value=${values[field]}
        onChange=${(event: { target: HTMLInputElement }) => setValues({ ...values, [field]: event.target.value })}
        ...${control}
      />`}
    <//>`;

  return html`<section className=${card.card} aria-labelledby="password-title">
    <div className=${card.header}>
      <div>
        <h2 id="password-title" className=${card.title}>${accountText.passwordTitle}</h2>
        <p className=${card.description}>${accountText.passwordIntro}</p>
      </div>
    </div>
    <div className=${card.content}>
      <form className=${styles.form} method="post" noValidate onSubmit=${submit}>
        ${input('currentPassword', accountText.currentPassword, 'current-password')}
        ${input('newPassword', accountText.newPassword, 'new-password')}
        ${input('repeatPassword', accountText.repeatPassword, 'new-password')}
        <div className=${styles.actions}>
          <${Button} type="submit" variant="dark" compact pending=${change.isPending}>${accountText.changePassword}<//>
        </div>
      </form>
    </div>
  </section>`;
}
