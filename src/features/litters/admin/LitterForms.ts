import { html } from 'htm/react';
import { useState } from 'react';
import { fieldErrors } from '../../../shared/api';
import * as alertStyles from '../../../ui/admin/Alert.css';
import * as dialog from '../../../ui/admin/dialog-form.css';
import * as editor from '../../../ui/admin/editor.css';
import { FormDialog } from '../../../ui/admin/FormDialog';
import { DateInput, TextInput } from '../../../ui/admin/fields';
import { PhotoPicker } from '../../../ui/admin/PhotoPicker';
import type { AdminPhoto, AdminPuppy } from '../../../ui/admin/queries';
import { reasonOf, serverFieldErrors } from '../../../ui/admin/request-errors';
import {
  familyInput,
  LITTER_LIMITS,
  type LitterView,
  litterUpdateInput,
  markBornInput,
  newLitterInput,
  type ParentChoices,
} from '../litters';
import { useLitterChange } from './litters-data';
import { littersText } from './litters-text';

const TITLE_ID = 'litter-form-title';
type TextKey = 'name' | 'mother' | 'father' | 'expected' | 'description' | 'born';

/**
 * "Add litter" and "Edit": the name, the parents, planned (expected) or born (the birth date), a
 * description and, while planned, whether "Our Next Litter" shows it. Checked with the shared
 * schema before sending and by the server after; a refused save keeps what was typed.
 */
export function LitterForm({
  litter,
  parents,
  onClose,
}: {
  litter?: LitterView;
  /** The parents of "Meet the Parents" (and her litters'), offered in "Mother" and "Father". */
  parents?: ParentChoices | undefined;
  onClose: () => void;
}) {
  const [values, setValues] = useState<Record<TextKey, string>>({
    name: litter?.name ?? '',
    mother: litter?.mother ?? '',
    father: litter?.father ?? '',
    expected: litter?.expected ?? '',
    description: litter?.description ?? '',
    born: litter?.born ?? '',
  });
  const [status, setStatus] = useState<'planned' | 'born'>(
    litter && litter.status !== 'planned' ? 'born' : 'planned',
  );
  const [shown, setShown] = useState(litter?.shown ?? true);
  // Issue 29: on for a litter she adds; her choice for one she edits.
  const [applications, setApplications] = useState(litter?.applications ?? true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const change = useLitterChange();
  const text = littersText.form;
  const set = (key: TextKey) => (value: string) => setValues((current) => ({ ...current, [key]: value }));
  const planned = status === 'planned';

  function submit() {
    const { born, ...fields } = values;
    const common = {
      ...fields,
      expected: planned ? fields.expected : '',
      shown: planned ? shown : false,
      applications,
    };
    const parsed = litter
      ? litterUpdateInput.safeParse({ ...common, ...(planned ? {} : { born }), version: litter.version })
      : newLitterInput.safeParse({ ...common, status, ...(planned ? {} : { born }) });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      setProblem(null);
      return;
    }
    setErrors({});
    change.mutate(
      litter
        ? { method: 'PUT', url: `/api/litters/${litter.id}`, body: parsed.data }
        : { method: 'POST', url: '/api/litters', body: parsed.data },
      {
        onSuccess: onClose,
        onError: (failure) => {
          setErrors(serverFieldErrors(failure));
          setProblem(reasonOf(failure));
        },
      },
    );
  }

  return html`<${FormDialog} titleId=${TITLE_ID} title=${litter ? text.editTitle(litter.name) : text.addTitle}
    submit=${text.save} pending=${change.isPending} onSubmit=${submit} onClose=${onClose}>
      <${TextInput} id="litter-name" label=${text.name} hint=${text.nameHint} max=${LITTER_LIMITS.name}
        value=${values.name} error=${errors.name} onChange=${set('name')} />
      <div className=${dialog.columns}>
        <${TextInput} id="litter-mother" label=${text.mother} hint=${text.parentHint} max=${LITTER_LIMITS.parent}
          value=${values.mother} error=${errors.mother} onChange=${set('mother')} suggestions=${parents?.mothers} />
        <${TextInput} id="litter-father" label=${text.father} hint=${text.parentHint} max=${LITTER_LIMITS.parent}
          value=${values.father} error=${errors.father} onChange=${set('father')} suggestions=${parents?.fathers} />
      </div>
      ${
        !litter &&
        html`<fieldset className=${editor.choice}>
          <legend>${text.status}</legend>
          <label className=${dialog.radio}><input type="radio" name="litter-status" value="planned" checked=${planned} onChange=${() => setStatus('planned')} /> ${text.planned}</label>
          <label className=${dialog.radio}><input type="radio" name="litter-status" value="born" checked=${!planned} onChange=${() => setStatus('born')} /> ${text.bornStatus}</label>
        </fieldset>`
      }
      ${
        planned
          ? html`<${TextInput} id="litter-expected" label=${text.expected} hint=${text.expectedHint} max=${10}
              value=${values.expected} error=${errors.expected} onChange=${set('expected')} />`
          : html`<${DateInput} id="litter-born" label=${text.born} value=${values.born} error=${errors.born} onChange=${set('born')} />`
      }
      <${TextInput} id="litter-description" label=${text.description} multiline max=${LITTER_LIMITS.description}
        value=${values.description} error=${errors.description} onChange=${set('description')} />
      ${
        planned &&
        html`<label className=${dialog.radio}>
          <input type="checkbox" name="litter-shown" checked=${shown} onChange=${() => setShown((now) => !now)} /> ${text.shown}
        </label>`
      }
      <label className=${dialog.radio}>
        <input type="checkbox" name="litter-applications" checked=${applications} onChange=${() => setApplications((now) => !now)} /> ${text.applications}
      </label>
      ${problem && html`<p className=${alertStyles.alert} role="alert">${problem}</p>`}
  <//>`;
}

/** "Mark as born": asks the birth date (today by default). */
export function MarkBornDialog({
  litter,
  today,
  onClose,
}: {
  litter: LitterView;
  today: string;
  onClose: () => void;
}) {
  const [born, setBorn] = useState(today);
  const [error, setError] = useState<string | undefined>();
  const change = useLitterChange();
  const text = littersText.markBorn;
  const submit = () => {
    const parsed = markBornInput.safeParse({ born, version: litter.version });
    if (!parsed.success) {
      setError(fieldErrors(parsed.error).born);
      return;
    }
    change.mutate(
      { method: 'POST', url: `/api/litters/${litter.id}/born`, body: parsed.data },
      {
        onSuccess: onClose,
        onError: (failure) => setError(serverFieldErrors(failure).born ?? reasonOf(failure)),
      },
    );
  };
  return html`<${FormDialog} titleId="mark-born-title" title=${text.title(litter.name)} submit=${text.confirm}
    pending=${change.isPending} onSubmit=${submit} onClose=${onClose}>
    <p>${text.text}</p>
    <${DateInput} id="born-day" label=${littersText.form.born} value=${born} error=${error} onChange=${setBorn} />
  <//>`;
}

/** "Move to past litters" and "Remove", each after a question; a refusal's reason is shown. */
export function LitterConfirm({
  litter,
  kind,
  onClose,
}: {
  litter: LitterView;
  kind: 'past' | 'remove';
  onClose: () => void;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const change = useLitterChange();
  const text = littersText[kind];
  const submit = () =>
    change.mutate(
      kind === 'past'
        ? { method: 'POST', url: `/api/litters/${litter.id}/past`, body: { version: litter.version } }
        : { method: 'DELETE', url: `/api/litters/${litter.id}`, body: { version: litter.version } },
      { onSuccess: onClose, onError: (failure) => setProblem(reasonOf(failure)) },
    );
  return html`<${FormDialog} titleId=${`${kind}-litter-title`} title=${text.title(litter.name)} submit=${text.confirm}
    pending=${change.isPending} onSubmit=${submit} onClose=${onClose}>
    <p>${text.text}</p>
    ${problem && html`<p className=${alertStyles.alert} role="alert">${problem}</p>`}
  <//>`;
}

/** "Add a family photo": a went-home puppy's "Happy family" photo and a short quote she adds. */
export function FamilyPhotoDialog({ puppy, onClose }: { puppy: AdminPuppy; onClose: () => void }) {
  const [photos, setPhotos] = useState<AdminPhoto[]>([]);
  const [quote, setQuote] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const change = useLitterChange();
  const text = littersText.family;
  const submit = () => {
    if (busy) return;
    const [photo] = photos;
    const parsed = familyInput.safeParse({ photo: photo ? { id: photo.id, alt: photo.alt } : null, quote });
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setErrors({ ...found, ...(found['photo.alt'] ? { 'photos.0.alt': found['photo.alt'] } : {}) });
      return;
    }
    change.mutate(
      { method: 'PUT', url: `/api/puppies/${puppy.id}/family`, body: parsed.data },
      { onSuccess: onClose, onError: (failure) => setProblem(reasonOf(failure)) },
    );
  };
  return html`<${FormDialog} titleId="family-photo-title" title=${text.title(puppy.name)} submit=${text.save}
    pending=${change.isPending} onSubmit=${submit} onClose=${onClose}>
    <p>${text.text(puppy.name)}</p>
    <${PhotoPicker} photos=${photos} onChange=${setPhotos} errors=${errors} single=${true} onBusy=${setBusy} />
    <${TextInput} id="family-quote" label=${text.quote} multiline max=${300} value=${quote} error=${errors.quote} onChange=${setQuote} />
    ${problem && html`<p className=${alertStyles.alert} role="alert">${problem}</p>`}
  <//>`;
}
