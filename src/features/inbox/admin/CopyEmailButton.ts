import { html } from 'htm/react';
import { useEffect, useState } from 'react';
import * as a11y from '../../../ui/components/a11y.css';
import * as button from '../../../ui/components/Button.css';
import { replyText } from './inbox-text';

type CopyState = 'idle' | 'copied' | 'failed';

/** How long "Copied" shows before the button reads "Copy email" again. */
const FEEDBACK_MS = 2000;

/**
 * The Clipboard API where the page is a secure context (HTTPS, localhost); otherwise the older
 * copy command on a hidden selection, which browsers still honour inside a click.
 */
async function copyText(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error('copy refused');
}

/** "Copy email", then "Copied" (also said to screen readers) for two seconds. */
export function CopyEmailButton({ email }: { email: string }) {
  const [state, setState] = useState<CopyState>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = () =>
    copyText(email).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  const announcement = state === 'copied' ? replyText.copied : state === 'failed' ? replyText.copyFailed : '';
  return html`<button type="button" className=${button.button.outline} onClick=${copy}>
      ${state === 'copied' ? replyText.copied : replyText.copyEmail}
    </button>
    <span className=${a11y.visuallyHidden} role="status">${announcement}</span>`;
}
