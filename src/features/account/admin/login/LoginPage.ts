import { useMutation, useQueryClient } from '@tanstack/react-query';
import { html } from 'htm/react';
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import type { PublicUser } from '../../../../shared/api';
import { paths } from '../../../../shared/routes';
import { fieldErrors, type LoginInput, loginSchema } from '../../../../shared/schemas';
import * as page from '../../../../ui/admin/AdminPage.css';
import { loginText } from '../../../../ui/admin/admin-text';
import * as card from '../../../../ui/admin/Card.css';
import { USER_KEY, useCurrentUser } from '../../../../ui/admin/current-user';
import { Button } from '../../../../ui/components/Button';
import { Field, type FieldControl } from '../../../../ui/components/Field';
import { useToast } from '../../../../ui/components/Toast';
import { apiRequest } from '../../../../ui/data/http';
import { useRouter } from '../../../../ui/router';
import type { SecondStepOwed } from '../../sign-in';
import * as styles from './LoginPage.css';
import { loginFailureText } from './login-failure';
import { PasskeySignIn } from './PasskeySignIn';
import { SecondStepForm } from './SecondStepForm';

type LoginField = keyof LoginInput;
type Errors = Partial<Record<LoginField, string>>;

function validate(values: LoginInput): { data?: LoginInput; errors: Errors } {
  const result = loginSchema.safeParse(values);
  return result.success ? { data: result.data, errors: {} } : { errors: fieldErrors(result.error) };
}

/** /admin/login: the "Admin Login" card. A visitor who is already signed in is sent to /admin. */
export function LoginPage() {
  const { navigate } = useRouter();
  const toast = useToast();
  const queryClient = useQueryClient();
  // The server already sends a signed-in visitor of this page to /admin; asking /api/user here
  // would only add a 401 for everyone else. A user this tab knows of (back button) is sent on.
  const user = useCurrentUser({ ask: false });
  const [values, setValues] = useState<LoginInput>({ username: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  /** The password was right and the authenticator app's code is owed (decision 102). */
  const [secondStep, setSecondStep] = useState(false);
  const refs = { username: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  useEffect(() => {
    if (user.data) navigate(paths.admin, { replace: true });
  }, [user.data, navigate]);

  const signedIn = (user: PublicUser) => {
    toast({ title: loginText.successTitle, description: loginText.successText });
    navigate(paths.admin);
    queryClient.setQueryData(USER_KEY, user);
  };

  const login = useMutation({
    mutationFn: (input: LoginInput) => apiRequest<PublicUser | SecondStepOwed>('POST', '/api/login', input),
    onSuccess: (answer) => {
      if ('secondStep' in answer) setSecondStep(true);
      else signedIn(answer);
    },
    onError: (error) => {
      toast({ title: loginText.failureTitle, description: loginFailureText(error), variant: 'destructive' });
    },
  });

  // Messages appear on submit, then follow each keystroke so a fixed field clears its message.
  const change = (field: LoginField) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (submitted) setErrors(validate(next).errors);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const { data, errors: found } = validate(values);
    setErrors(found);
    if (!data) {
      const first = (['username', 'password'] as const).find((field) => found[field]);
      if (first) refs[first].current?.focus();
      return;
    }
    login.mutate(data);
  };

  const startOver = () => {
    setSecondStep(false);
    setValues({ ...values, password: '' });
  };
  if (secondStep)
    return html`<main className=${page.centred}>
      <${SecondStepForm} onSignedIn=${signedIn} onStartOver=${startOver} />
    </main>`;

  // method="post": were the script not running, the password would never land in the URL.
  return html`<main className=${page.centred}>
    <section className=${`${card.card} ${styles.card}`} aria-labelledby="login-title">
      <div className=${card.header}>
        <div>
          <h1 id="login-title" className=${card.title}>${loginText.title}</h1>
          <p className=${card.description}>${loginText.intro}</p>
        </div>
      </div>
      <div className=${card.content}>
        <form className=${styles.form} method="post" noValidate onSubmit=${submit}>
          <${Field} id="field-username" label=${loginText.email} error=${errors.username} tone="admin">
            ${(control: FieldControl) => html`<input
              ref=${refs.username}
              name="username"
              type="email"
              autoComplete="username webauthn"
              value=${values.username}
              onChange=${change('username')}
              ...${control}
            />`}
          <//>
          <${Field} id="field-password" label=${loginText.password} error=${errors.password} tone="admin">
            ${(control: FieldControl) => html`<input
              ref=${refs.password}
              name="password"
              type="password"
              autoComplete="current-password"
              value=${values.password}
              onChange=${change('password')}
              ...${control}
            />`}
          <//>
          <${Button} type="submit" variant="dark" compact full pending=${login.isPending}>
            ${login.isPending ? loginText.submitting : loginText.submit}
          <//>
          <a className=${styles.back} href=${paths.landing}>${loginText.back}</a>
        </form>
        <${PasskeySignIn} onSignedIn=${signedIn} />
      </div>
    </section>
  </main>`;
}
