import { useQueryClient } from '@tanstack/react-query';
import { html } from 'htm/react';
import { type ChangeEvent, type FormEvent, useEffect, useState } from 'react';
import { paths } from '../../../shared/routes';
import * as page from '../../../ui/admin/AdminPage.css';
import * as alertStyles from '../../../ui/admin/Alert.css';
import * as card from '../../../ui/admin/Card.css';
import * as dashboard from '../../../ui/admin/dashboard/Dashboard.css';
import * as styles from '../../../ui/admin/details-section.css';
import { radio } from '../../../ui/admin/dialog-form.css';
import { ErrorAlert } from '../../../ui/admin/ErrorAlert';
import { usePageTitle } from '../../../ui/admin/page-title';
import { RequireUser } from '../../../ui/admin/RequireUser';
import { reasonOf, serverFieldErrors } from '../../../ui/admin/request-errors';
import { Button } from '../../../ui/components/Button';
import * as fieldStyles from '../../../ui/components/Field.css';
import { Spinner } from '../../../ui/components/Spinner';
import { useToast } from '../../../ui/components/Toast';
import { apiRequest } from '../../../ui/data/http';
import {
  QUESTION_KINDS,
  type Question,
  type QuestionKind,
  type QuestionSet,
  questionKindLabels,
} from '../applications';
import { applicationText as text } from './applications-text';
import { applicationsApiPaths, useQuestions } from './use-applications';

/** A question being edited: its choices as she types them, one a line. */
interface Draft extends Omit<Question, 'choices'> {
  choicesText: string;
}

const toDraft = (question: Question): Draft => ({ ...question, choicesText: question.choices.join('\n') });
const fromDraft = ({ choicesText, ...question }: Draft): Question => ({
  ...question,
  choices:
    question.kind === 'choice'
      ? choicesText
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean)
      : [],
});

/** /admin/application, protected like /admin. */
export function QuestionsPage() {
  return html`<${RequireUser} page=${() => html`<${Questions} />`} />`;
}

function Questions() {
  const query = useQuestions();
  const title = usePageTitle('application');
  useEffect(() => {
    document.title = title;
  }, [title]);
  let body: unknown;
  if (query.isPending) body = html`<${Spinner} block label=${text.loading} />`;
  else if (query.isError)
    body = html`<${ErrorAlert} title=${text.loadError} message=${query.error.message} />`;
  else body = html`<${Editor} key=${query.data.version} set=${query.data} />`;
  return html`<main className=${page.page}>
    <div className=${page.container}>
      <nav aria-label=${text.breadcrumb} className=${dashboard.breadcrumb}>
        <ol className=${dashboard.crumbs}>
          <li><a href=${paths.landing}>${text.home}</a></li>
          <li aria-hidden="true">${'>'}</li>
          <li><a href=${paths.admin}>${text.admin}</a></li>
          <li aria-hidden="true">${'>'}</li>
          <li aria-current="page">${text.title}</li>
        </ol>
      </nav>
      <section className=${card.card} aria-labelledby="application-title">
        <h1 id="application-title" className=${dashboard.title}>${text.title}</h1>
        <p className=${card.description}>${text.intro}</p>
      </section>
      ${body}
    </div>
  </main>`;
}

let added = 0;
const newId = () => {
  added += 1;
  return `own-${Date.now().toString(36)}-${added}`;
};

/** The list as she edits it; saved whole ("Save questions"), each message beside its field. */
function Editor({ set }: { set: QuestionSet }) {
  const [drafts, setDrafts] = useState<Draft[]>(() => set.questions.map(toDraft));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState('');
  const [saving, setSaving] = useState(false);
  const queryClient = useQueryClient();
  const toast = useToast();

  const edit = (index: number, change: Partial<Draft>) =>
    setDrafts((now) => now.map((draft, i) => (i === index ? { ...draft, ...change } : draft)));
  const move = (index: number, by: -1 | 1) =>
    setDrafts((now) => {
      const to = index + by;
      if (to < 0 || to >= now.length) return now;
      const next = [...now];
      [next[index], next[to]] = [next[to] as Draft, next[index] as Draft];
      return next;
    });
  const remove = (index: number) => setDrafts((now) => now.filter((_, i) => i !== index));
  const add = () =>
    setDrafts((now) => [...now, { id: newId(), label: '', kind: 'short', required: false, choicesText: '' }]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setProblem('');
    setErrors({});
    try {
      const saved = await apiRequest<QuestionSet>('PUT', applicationsApiPaths.questions, {
        version: set.version,
        questions: drafts.map(fromDraft),
      });
      queryClient.setQueryData([applicationsApiPaths.questions], saved);
      toast({ title: text.saved });
    } catch (error) {
      setErrors(serverFieldErrors(error));
      setProblem(reasonOf(error));
      toast({ title: text.failed, description: reasonOf(error), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };

  return html`<form className=${card.card} onSubmit=${save} noValidate aria-label=${text.title}>
    ${drafts.length === 0 && html`<p className=${card.description}>${text.none}</p>`}
    <ol className=${styles.notes}>
      ${drafts.map(
        (draft, index) => html`<li key=${draft.id}>
          <${QuestionEditor} draft=${draft} index=${index} count=${drafts.length} errors=${errors}
            onEdit=${(change: Partial<Draft>) => edit(index, change)} onMove=${(by: -1 | 1) => move(index, by)}
            onRemove=${() => remove(index)} />
        </li>`,
      )}
    </ol>
    ${problem && html`<p className=${alertStyles.alert} role="alert">${problem}</p>`}
    <div className=${styles.actions}>
      <${Button} variant="outline" compact onClick=${add}>${text.add}<//>
      <${Button} variant="dark" compact type="submit" pending=${saving}>${text.save}<//>
    </div>
  </form>`;
}

function QuestionEditor(props: {
  draft: Draft;
  index: number;
  count: number;
  errors: Record<string, string>;
  onEdit: (change: Partial<Draft>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { draft, index, errors } = props;
  const id = `question-${draft.id}`;
  const n = index + 1;
  const labelError = errors[`questions.${index}.label`];
  const choicesError = errors[`questions.${index}.choices`];
  const aria = (error: string | undefined, field: string) => ({
    'aria-invalid': error ? 'true' : undefined,
    'aria-describedby': error ? `${id}-${field}-error` : undefined,
  });
  return html`<fieldset className=${styles.form} data-question=${draft.label}>
    <legend className=${styles.formTitle}>${text.question(n)}</legend>
    <div className=${fieldStyles.field.admin}>
      <label className=${fieldStyles.label.admin} htmlFor=${`${id}-label`}>${text.label}</label>
      <input id=${`${id}-label`} className=${fieldStyles.input.admin} value=${draft.label} maxLength=${200}
        ...${aria(labelError, 'label')}
        onChange=${(event: ChangeEvent<HTMLInputElement>) => props.onEdit({ label: event.target.value })} />
      ${labelError && html`<p id=${`${id}-label-error`} className=${fieldStyles.error.admin}>${labelError}</p>`}
    </div>
    <div className=${fieldStyles.field.admin}>
      <label className=${fieldStyles.label.admin} htmlFor=${`${id}-kind`}>${text.kind}</label>
      <select id=${`${id}-kind`} className=${`${fieldStyles.input.admin} ${styles.select}`} value=${draft.kind}
        onChange=${(event: ChangeEvent<HTMLSelectElement>) => props.onEdit({ kind: event.target.value as QuestionKind })}>
        ${QUESTION_KINDS.map((kind) => html`<option key=${kind} value=${kind}>${questionKindLabels[kind]}</option>`)}
      </select>
    </div>
    ${
      draft.kind === 'choice' &&
      html`<div className=${fieldStyles.field.admin}>
        <label className=${fieldStyles.label.admin} htmlFor=${`${id}-choices`}>${text.choices}</label>
        <textarea id=${`${id}-choices`} rows=${4} className=${`${fieldStyles.input.admin} ${fieldStyles.textarea}`}
          value=${draft.choicesText} ...${aria(choicesError, 'choices')}
          onChange=${(event: ChangeEvent<HTMLTextAreaElement>) => props.onEdit({ choicesText: event.target.value })}></textarea>
        ${choicesError && html`<p id=${`${id}-choices-error`} className=${fieldStyles.error.admin}>${choicesError}</p>`}
      </div>`
    }
    <label className=${radio}>
      <input type="checkbox" checked=${draft.required} onChange=${() => props.onEdit({ required: !draft.required })} />
      ${text.required}
    </label>
    <div className=${styles.actions}>
      <${Button} variant="outline" compact disabled=${index === 0} describedBy=${`${id}-label`} onClick=${() => props.onMove(-1)}>${text.up}<//>
      <${Button} variant="outline" compact disabled=${index === props.count - 1} describedBy=${`${id}-label`} onClick=${() => props.onMove(1)}>${text.down}<//>
      <${Button} variant="outline" compact describedBy=${`${id}-label`} onClick=${props.onRemove}>${text.remove}<//>
    </div>
  </fieldset>`;
}
