import { useQuery, useQueryClient } from '@tanstack/react-query';
import { html } from 'htm/react';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import type { InquiryStatus } from '../../../shared/sales';
import * as styles from '../../../ui/admin/details-section.css';
import { reasonOf } from '../../../ui/admin/request-errors';
import { Button } from '../../../ui/components/Button';
import * as fieldStyles from '../../../ui/components/Field.css';
import { useToast } from '../../../ui/components/Toast';
import { apiRequest } from '../../../ui/data/http';
import type { AskState } from '../applications';
import { ApplicationSection } from './ApplicationSection';
import { applicationText as text } from './applications-text';
import { applicationsApiPaths } from './use-applications';

/**
 * In the details of an inquiry that is not an application: "Ask to apply" for a litter that takes
 * applications. The family's page (when they have one) then shows "Apply" for it (issue 29), and
 * once they applied there, the application's section takes this one's place.
 */
export function AskToApply({
  inquiryId,
  onStatus,
}: {
  inquiryId: string;
  onStatus: (status: InquiryStatus) => void;
}) {
  const url = applicationsApiPaths.ask(inquiryId);
  const query = useQuery<AskState>({ queryKey: [url], staleTime: 0, refetchOnMount: 'always' });
  const queryClient = useQueryClient();
  const toast = useToast();
  const [choice, setChoice] = useState('');
  const [pending, setPending] = useState(false);
  const state = query.data;
  // They applied from their family page: the answers sit on this inquiry, as an application's do.
  if (state?.applied) return html`<${ApplicationSection} inquiryId=${inquiryId} onStatus=${onStatus} />`;
  if (!state || state.litters.length === 0) return null;
  const asked = state.litters.find((litter) => litter.id === state.litterId);
  const selected = choice || state.litterId || state.litters[0]?.id || '';
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    try {
      queryClient.setQueryData([url], await apiRequest<AskState>('POST', url, { litterId: selected }));
      toast({ title: text.askedToast });
    } catch (error) {
      toast({ title: text.failed, description: reasonOf(error), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };
  return html`<form className=${styles.section} onSubmit=${submit} aria-labelledby="ask-to-apply-heading" data-testid="ask-to-apply">
    <h3 id="ask-to-apply-heading" className=${styles.heading}>${text.askHeading}</h3>
    <p className=${styles.muted}>${asked ? text.asked(asked.name) : text.askIntro}</p>
    <div className=${fieldStyles.field.admin}>
      <label className=${fieldStyles.label.admin} htmlFor="ask-to-apply-litter">${text.askLitter}</label>
      <select id="ask-to-apply-litter" className=${`${fieldStyles.input.admin} ${styles.select}`} value=${selected}
        onChange=${(event: ChangeEvent<HTMLSelectElement>) => setChoice(event.target.value)}>
        ${state.litters.map((litter) => html`<option key=${litter.id} value=${litter.id}>${litter.name}</option>`)}
      </select>
    </div>
    <div className=${styles.actions}>
      <${Button} variant="outline" compact type="submit" pending=${pending}>${text.ask}<//>
    </div>
  </form>`;
}
