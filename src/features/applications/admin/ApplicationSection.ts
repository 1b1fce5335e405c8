import { useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import { html } from 'htm/react';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import type { InquiryStatus } from '../../../shared/sales';
import * as styles from '../../../ui/admin/details-section.css';
import { radio } from '../../../ui/admin/dialog-form.css';
import { reasonOf, serverFieldErrors } from '../../../ui/admin/request-errors';
import { Button } from '../../../ui/components/Button';
import * as fieldStyles from '../../../ui/components/Field.css';
import { Spinner } from '../../../ui/components/Spinner';
import { useToast } from '../../../ui/components/Toast';
import { apiRequest } from '../../../ui/data/http';
import type { ApplicationView } from '../applications';
import { applicationText as text } from './applications-text';
import { applicationsApiPaths, useApplication } from './use-applications';

const day = (iso: string) => format(parseISO(iso), 'MMM d, yyyy');

/**
 * In the details of an inquiry that is an application: the litter, each question as it was
 * asked with the family's answer (text, as typed), and "Approve" / "Decline" until she decides.
 */
export function ApplicationSection({
  inquiryId,
  onStatus,
}: {
  inquiryId: string;
  onStatus: (status: InquiryStatus) => void;
}) {
  const query = useApplication(inquiryId);
  const queryClient = useQueryClient();
  const toast = useToast();
  const [declining, setDeclining] = useState(false);
  const [message, setMessage] = useState('');
  const [email, setEmail] = useState(false);
  const [pending, setPending] = useState<'approve' | 'decline' | null>(null);
  const [error, setError] = useState('');
  if (query.isPending) return html`<${Spinner} block label=${text.heading} />`;
  const application = query.data;
  if (!application) return null;

  const decide = async (kind: 'approve' | 'decline') => {
    setPending(kind);
    setError('');
    try {
      const answer =
        kind === 'approve'
          ? await apiRequest<ApplicationView>('POST', applicationsApiPaths.approve(inquiryId), {})
          : await apiRequest<ApplicationView>('POST', applicationsApiPaths.decline(inquiryId), {
              message,
              email: email && application.emailOn,
            });
      queryClient.setQueryData([applicationsApiPaths.of(inquiryId)], answer);
      // The list's statuses and counts, the overview line and the waitlist follow.
      void queryClient.invalidateQueries();
      onStatus(kind === 'approve' ? 'approved' : 'declined');
      setDeclining(false);
      toast({ title: kind === 'approve' ? text.approvedToast : text.declinedToast });
    } catch (failure) {
      setError(serverFieldErrors(failure).message ?? reasonOf(failure));
      toast({ title: text.decideFailed, description: reasonOf(failure), variant: 'destructive' });
    } finally {
      setPending(null);
    }
  };
  const submitDecline = (event: FormEvent) => {
    event.preventDefault();
    void decide('decline');
  };
  const { decision } = application;
  return html`<div className=${styles.section} data-testid="application-section">
    <h3 className=${styles.heading}>${text.heading}</h3>
    <p className=${styles.strong}>${text.litter(application.litterName)}</p>
    <dl className=${styles.notes}>
      ${application.answers.map(
        ({ question, answer }) => html`<div key=${question.id} className=${styles.note}>
          <dt className=${styles.muted}>${question.label}</dt>
          <dd className=${styles.noteText}>${answer || text.noAnswer}</dd>
        </div>`,
      )}
    </dl>
    ${decision?.kind === 'approved' && html`<p role="status">${text.approved(day(decision.at))}</p>`}
    ${
      decision?.kind === 'declined' &&
      html`<p role="status">${text.declined(day(decision.at), decision.emailed)}</p>
        ${decision.message && html`<p className=${styles.noteText}>${decision.message}</p>`}`
    }
    ${
      !decision &&
      !declining &&
      html`<div className=${styles.actions}>
        <${Button} variant="dark" compact pending=${pending === 'approve'} onClick=${() => decide('approve')}>${text.approve}<//>
        <${Button} variant="outline" compact onClick=${() => setDeclining(true)}>${text.decline}<//>
      </div>`
    }
    ${
      !decision &&
      declining &&
      html`<form className=${styles.form} onSubmit=${submitDecline} aria-label=${text.confirmDecline}>
        <div className=${fieldStyles.field.admin}>
          <label className=${fieldStyles.label.admin} htmlFor="decline-message">${text.declineMessage}</label>
          <textarea id="decline-message" rows=${3} maxLength=${2000} className=${`${fieldStyles.input.admin} ${fieldStyles.textarea}`}
            value=${message} onChange=${(event: ChangeEvent<HTMLTextAreaElement>) => setMessage(event.target.value)}></textarea>
        </div>
        ${
          application.emailOn
            ? html`<label className=${radio}>
                <input type="checkbox" checked=${email} onChange=${() => setEmail((now) => !now)} /> ${text.emailThem}
              </label>`
            : html`<p className=${styles.muted}>${text.emailOff}</p>`
        }
        ${error && html`<p className=${fieldStyles.error.admin} role="alert">${error}</p>`}
        <div className=${styles.actions}>
          <${Button} variant="outline" compact onClick=${() => setDeclining(false)}>${text.cancel}<//>
          <${Button} variant="dark" compact type="submit" pending=${pending === 'decline'}>${text.confirmDecline}<//>
        </div>
      </form>`
    }
  </div>`;
}
