import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns/format';
import { html } from 'htm/react';
import { dateFormats } from '../../../ui/admin/admin-text';
import * as badge from '../../../ui/admin/Badge.css';
import * as card from '../../../ui/admin/Card.css';
import { ErrorAlert } from '../../../ui/admin/ErrorAlert';
import { Button } from '../../../ui/components/Button';
import { Spinner } from '../../../ui/components/Spinner';
import { useToast } from '../../../ui/components/Toast';
import { apiRequest } from '../../../ui/data/http';
import type { ListedSession, SessionsAnswer } from '../account';
import * as styles from './Account.css';
import { accountText } from './account-text';

export const SESSIONS_KEY = ['/api/account/sessions'] as const;

const when = (iso: string) => format(new Date(iso), dateFormats.full);

/** "Where you're signed in": each session with its device, address and times; sign out others. */
export function SessionsCard() {
  const toast = useToast();
  const queryClient = useQueryClient();
  // Sessions change elsewhere (another phone signs in): always read afresh when the page opens.
  const list = useQuery<SessionsAnswer>({ queryKey: SESSIONS_KEY, staleTime: 0, refetchOnMount: 'always' });
  const refresh = () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
  const failed = (error: Error) =>
    toast({ title: accountText.failedTitle, description: error.message, variant: 'destructive' });

  const signOut = useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ message: string }>('POST', `/api/account/sessions/${encodeURIComponent(id)}/sign-out`),
    onSuccess: (answer) => {
      toast({ title: accountText.signedOutTitle, description: answer.message });
      void refresh();
    },
    onError: failed,
  });
  const signOutOthers = useMutation({
    mutationFn: () => apiRequest<{ message: string }>('POST', '/api/account/sessions/sign-out-others'),
    onSuccess: (answer) => {
      toast({ title: accountText.signedOutTitle, description: answer.message });
      void refresh();
    },
    onError: failed,
  });

  let body: unknown;
  if (list.isPending) body = html`<${Spinner} block label=${accountText.sessionsLoading} />`;
  else if (list.isError)
    body = html`<${ErrorAlert} title=${accountText.failedTitle} message=${list.error.message} />`;
  else {
    const sessions = list.data.sessions;
    const others = sessions.filter((session) => !session.current);
    body = html`<div className=${styles.stack}>
      <ul className=${styles.sessions}>
        ${sessions.map(
          (session) => html`<${SessionItem} key=${session.id} session=${session}
          pending=${signOut.isPending && signOut.variables === session.id}
          onSignOut=${() => signOut.mutate(session.id)} />`,
        )}
      </ul>
      ${
        others.length > 0
          ? html`<div className=${styles.actions}>
              <${Button} variant="outline" compact pending=${signOutOthers.isPending}
                onClick=${() => signOutOthers.mutate()}>${accountText.signOutOthers}<//>
            </div>`
          : html`<p className=${card.description}>${accountText.noOthers}</p>`
      }
    </div>`;
  }

  return html`<section className=${card.card} aria-labelledby="sessions-title">
    <div className=${card.header}>
      <div>
        <h2 id="sessions-title" className=${card.title}>${accountText.sessionsTitle}</h2>
        <p className=${card.description}>${accountText.sessionsIntro}</p>
      </div>
    </div>
    <div className=${card.content}>${body}</div>
  </section>`;
}

function SessionItem({
  session,
  pending,
  onSignOut,
}: {
  session: ListedSession;
  pending: boolean;
  onSignOut: () => void;
}) {
  const nameId = `session-${session.id}`;
  return html`<li className=${styles.session}>
    <div>
      <p className=${styles.device}>
        <span id=${nameId}>${session.device}</span>
        ${session.current && html` <span className=${badge.badge}>${accountText.thisDevice}</span>`}
      </p>
      <p className=${card.description}>${accountText.from} ${session.ip || '?'}</p>
      <p className=${card.description}>${accountText.signedIn} ${when(session.signedInAt)} · ${accountText.lastSeen} ${when(session.lastSeenAt)}</p>
    </div>
    ${
      !session.current &&
      html`<${Button} variant="outline" compact pending=${pending} describedBy=${nameId} onClick=${onSignOut}>${accountText.signOut}<//>`
    }
  </li>`;
}
