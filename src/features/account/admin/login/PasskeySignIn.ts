import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
} from '@simplewebauthn/browser';
import { useMutation } from '@tanstack/react-query';
import { html } from 'htm/react';
import { useEffect, useRef } from 'react';
import type { PublicUser } from '../../../../shared/api';
import { loginText } from '../../../../ui/admin/admin-text';
import { Button } from '../../../../ui/components/Button';
import { useToast } from '../../../../ui/components/Toast';
import { apiRequest, HttpError } from '../../../../ui/data/http';
import { secondStepText } from '../account-text';
import * as styles from './LoginPage.css';
import { loginFailureText } from './login-failure';

type Options = Parameters<typeof startAuthentication>[0]['optionsJSON'];

async function signInWithPasskey(autofill: boolean): Promise<PublicUser> {
  const optionsJSON = await apiRequest<Options>('POST', '/api/login/passkey/options');
  const response = await startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
  return apiRequest<PublicUser>('POST', '/api/login/passkey', { response });
}

/**
 * "Sign in with a passkey", under the spec's form: no password, no code. Where the browser offers
 * passkeys in the email field's autofill (conditional UI), it is asked for at once and waits there.
 */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: (user: PublicUser) => void }) {
  const toast = useToast();
  // The latest callback, for the autofill request started once on mount.
  const signedIn = useRef(onSignedIn);
  signedIn.current = onSignedIn;
  const passkey = useMutation({
    mutationFn: () => signInWithPasskey(false),
    onSuccess: onSignedIn,
    onError: (error) => {
      const description =
        error instanceof HttpError
          ? error.status === 429
            ? loginFailureText(error)
            : ((error.data as { message?: string } | undefined)?.message ?? loginText.failureText)
          : (error as Error).message;
      toast({ title: loginText.failureTitle, description, variant: 'destructive' });
    },
  });

  useEffect(() => {
    let cancelled = false;
    void browserSupportsWebAuthnAutofill().then((supported) => {
      if (!supported || cancelled) return;
      // Cancelled when the button starts its own request, or the page goes: nothing to report.
      signInWithPasskey(true).then(
        (user) => signedIn.current(user),
        () => {},
      );
    });
    return () => {
      cancelled = true;
    };
  }, []);

  if (typeof window !== 'undefined' && !browserSupportsWebAuthn()) return null;
  return html`<div className=${styles.passkey}>
    <${Button} variant="outline" compact full pending=${passkey.isPending} onClick=${() => passkey.mutate()}>
      ${passkey.isPending ? secondStepText.passkeyPending : secondStepText.passkey}
    <//>
  </div>`;
}
