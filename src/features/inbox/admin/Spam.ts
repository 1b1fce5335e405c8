import { html } from 'htm/react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../ui/components/Button';
import * as buttonStyles from '../../../ui/components/Button.css';
import { useToast } from '../../../ui/components/Toast';
import type { InboxItem } from '../inbox';
import * as styles from './Spam.css';
import { spamText } from './spam-text';
import { messageOf, useSpamActions } from './use-spam';

/**
 * The "Likely spam" filter (issue 32): a toggle with its count. Pressed, the list shows the
 * inquiries held back instead of the inbox.
 */
export function SpamFilter({
  count,
  pressed,
  onToggle,
}: {
  count: number;
  pressed: boolean;
  onToggle: () => void;
}) {
  return html`<div className=${styles.filterRow}>
    <button
      type="button"
      className=${`${buttonStyles.button.outline} ${buttonStyles.compact} ${styles.pressed}`}
      aria-pressed=${pressed}
      onClick=${onToggle}
    >
      ${spamText.filter(count)}
    </button>
    ${pressed && html`<p className=${styles.intro}>${spamText.intro}</p>`}
  </div>`;
}

/** Why an inquiry is held back, in words (the server's; never the sender's text). */
export function SpamReasons({ reasons }: { reasons: readonly string[] }) {
  return html`<ul className=${styles.reasons} data-testid="spam-reasons">
    ${reasons.map((reason) => html`<li key=${reason}>${reason}</li>`)}
  </ul>`;
}

/**
 * In a held inquiry's details: why, "Not spam" (to the inbox; its notice is sent then) and
 * "Delete", which asks first.
 */
export function SpamActions({ inquiry, onDone }: { inquiry: InboxItem; onDone: () => void }) {
  const { notSpam, remove } = useSpamActions();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);
  if (!inquiry.spam) return null;
  const failed = (error: unknown) =>
    toast({ title: spamText.failed, description: messageOf(error), variant: 'destructive' });
  const release = () =>
    notSpam.mutate(inquiry.id, {
      onSuccess: () => {
        toast({ title: spamText.moved, description: spamText.movedText });
        onDone();
      },
      onError: failed,
    });
  const confirmDelete = () =>
    remove.mutate(inquiry.id, {
      onSuccess: () => {
        toast({ title: spamText.deleted });
        onDone();
      },
      onError: failed,
    });

  return html`<section className=${styles.box} aria-labelledby="spam-why">
    <h3 id="spam-why" className=${styles.heading}>${spamText.why}</h3>
    <${SpamReasons} reasons=${inquiry.spam.reasons} />
    ${
      confirming
        ? html`<p ref=${confirmRef} tabIndex=${-1} className=${styles.question}>${spamText.confirmQuestion}</p>
          <div className=${styles.actions}>
            <${Button} variant="dark" compact pending=${remove.isPending} onClick=${confirmDelete}>${spamText.confirmDelete}<//>
            <${Button} variant="outline" compact onClick=${() => setConfirming(false)}>${spamText.cancel}<//>
          </div>`
        : html`<div className=${styles.actions}>
          <${Button} variant="primary" compact pending=${notSpam.isPending} onClick=${release}>${spamText.notSpam}<//>
          <${Button} variant="outline" compact onClick=${() => setConfirming(true)}>${spamText.delete}<//>
        </div>`
    }
  </section>`;
}
