import { useMutation } from '@tanstack/react-query';
import { html } from 'htm/react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { PublicUser } from '../../../../shared/api';
import { codeSchema, fieldErrors } from '../../../../shared/schemas';
import { loginText } from '../../../../ui/admin/admin-text';
import * as card from '../../../../ui/admin/Card.css';
import { Button } from '../../../../ui/components/Button';
import { useToast } from '../../../../ui/components/Toast';
import { apiRequest, HttpError } from '../../../../ui/data/http';
import { secondStepText } from '../account-text';
import { CodeField } from '../CodeField';
import * as styles from './LoginPage.css';
import { loginFailureText } from './login-failure';

interface SecondStepFormProps {
  onSignedIn: (user: PublicUser) => void;
  /** Back to the password form (asked for, or the five minutes are over). */
  onStartOver: () => void;
}

/**
 * The login page's second step, after a right password with the authenticator app on: the
 * app's current code or a recovery code. The card keeps the login page's title.
 */
export function SecondStepForm({ onSignedIn, onStartOver }: SecondStepFormProps) {
  const toast = useToast();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => input.current?.focus(), []);

  const verify = useMutation({
    mutationFn: (value: string) => apiRequest<PublicUser>('POST', '/api/login/code', { code: value }),
    onSuccess: onSignedIn,
    onError: (failure) => {
      const data =
        failure instanceof HttpError
          ? (failure.data as { message?: string; expired?: boolean; errors?: { code?: string } })
          : undefined;
      if (failure instanceof HttpError && failure.status === 401 && data?.errors?.code) {
        setError(data.errors.code);
        input.current?.focus();
        return;
      }
      const description =
        failure instanceof HttpError && failure.status === 429
          ? loginFailureText(failure)
          : (data?.message ?? loginText.failureText);
      toast({ title: loginText.failureTitle, description, variant: 'destructive' });
      // Expired, or no second step under way (e.g. a restart of the sign-in elsewhere): start over.
      if (failure instanceof HttpError && failure.status === 401) onStartOver();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = codeSchema.safeParse({ code });
    if (!parsed.success) {
      setError(fieldErrors(parsed.error).code);
      input.current?.focus();
      return;
    }
    setError(undefined);
    verify.mutate(parsed.data.code);
  };

  return html`<section className=${`${card.card} ${styles.card}`} aria-labelledby="login-title">
    <div className=${card.header}>
      <div>
        <h1 id="login-title" className=${card.title}>${loginText.title}</h1>
        <p className=${card.description}>${secondStepText.intro}</p>
      </div>
    </div>
    <div className=${card.content}>
      <form className=${styles.form} method="post" noValidate onSubmit=${submit}>
        <${CodeField}
          id="field-code"
          label=${secondStepText.label}
          error=${error}
          value=${code}
          onChange=${setCode}
          inputRef=${input}
        />
        <p className=${card.description}>${secondStepText.hint}</p>
        <${Button} type="submit" variant="dark" compact full pending=${verify.isPending}>
          ${verify.isPending ? secondStepText.submitting : secondStepText.submit}
        <//>
        <${Button} variant="outline" compact full onClick=${onStartOver}>${secondStepText.startOver}<//>
      </form>
    </div>
  </section>`;
}
