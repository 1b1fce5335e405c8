import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { html } from 'htm/react';
import { type FormEvent, useState } from 'react';
import { fieldErrors } from '../../../shared/api';
import * as card from '../../../ui/admin/Card.css';
import { ErrorAlert } from '../../../ui/admin/ErrorAlert';
import { reasonOf, serverFieldErrors } from '../../../ui/admin/errors';
import { Button } from '../../../ui/components/Button';
import { Spinner } from '../../../ui/components/Spinner';
import { useToast } from '../../../ui/components/Toast';
import { apiRequest } from '../../../ui/data/http';
import { TextInput } from '../../site/admin/fields';
import * as siteStyles from '../../site/admin/site.css';
import { NEXT_LITTER_LIMITS, type NextLitter, nextLitterApi, nextLitterInput } from '../next-litter';
import * as styles from './sales.css';
import { salesText } from './text';

const KEY = [nextLitterApi] as const;
const TITLE_ID = 'next-litter-title';

/**
 * "Next litter" on /admin/puppies (issue 20): shown or hidden, the expected date, the parents and
 * a short description; shown, `/` has "Our Next Litter" and families can join the waitlist.
 */
export function NextLitterCard() {
  const query = useQuery<NextLitter>({ queryKey: KEY, staleTime: 0, refetchOnMount: 'always' });
  const text = salesText.nextLitter;
  let body: unknown;
  if (query.isPending) body = html`<${Spinner} block label=${text.loading} />`;
  else if (query.isError)
    body = html`<${ErrorAlert} title=${text.loadError} message=${query.error.message} />`;
  // Keyed on what is stored: a save (or another tab's, on the next visit) starts the form afresh.
  else body = html`<${NextLitterForm} key=${JSON.stringify(query.data)} saved=${query.data} />`;
  return html`<section className=${card.card} aria-labelledby=${TITLE_ID}>
    <div className=${card.header}>
      <div>
        <h2 id=${TITLE_ID} className=${card.title}>${text.title}</h2>
        <p className=${card.description}>${text.intro}</p>
      </div>
    </div>
    <div className=${card.content}>${body}</div>
  </section>`;
}

type TextKey = 'expected' | 'parents' | 'description';

function NextLitterForm({ saved }: { saved: NextLitter }) {
  const [values, setValues] = useState(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const queryClient = useQueryClient();
  const toast = useToast();
  const text = salesText.nextLitter;
  const save = useMutation({
    mutationFn: (body: NextLitter) => apiRequest<NextLitter>('PUT', nextLitterApi, body),
    onSuccess: (stored) => {
      queryClient.setQueryData(KEY, stored);
      toast({ title: stored.shown ? text.savedShown : text.savedHidden });
    },
    onError: (error) => {
      setErrors(serverFieldErrors(error));
      toast({ title: salesText.saveFailed, description: reasonOf(error), variant: 'destructive' });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = nextLitterInput.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };
  const set = (key: TextKey) => (value: string) => setValues((current) => ({ ...current, [key]: value }));

  return html`<form className=${styles.nextLitterForm} noValidate onSubmit=${submit}>
    <label className=${siteStyles.radio}>
      <input type="checkbox" name="next-litter-shown" checked=${values.shown}
        onChange=${() => setValues((current) => ({ ...current, shown: !current.shown }))} />
      ${text.shown}
    </label>
    <${TextInput} id="next-litter-expected" label=${text.expected} hint=${text.expectedHint} max=${10}
      value=${values.expected} error=${errors.expected} onChange=${set('expected')} />
    <${TextInput} id="next-litter-parents" label=${text.parents} hint=${text.parentsHint} max=${NEXT_LITTER_LIMITS.parents}
      value=${values.parents} error=${errors.parents} onChange=${set('parents')} />
    <${TextInput} id="next-litter-description" label=${text.description} hint=${text.descriptionHint} multiline
      max=${NEXT_LITTER_LIMITS.description} value=${values.description} error=${errors.description} onChange=${set('description')} />
    <div><${Button} variant="dark" compact type="submit" pending=${save.isPending}>${text.save}<//></div>
  </form>`;
}
