import { html } from 'htm/react';
import { useState } from 'react';
import { fieldErrors } from '../../../shared/api';
import * as alertStyles from '../../../ui/admin/Alert.css';
import * as dialog from '../../../ui/admin/dialog-form.css';
import { FormDialog } from '../../../ui/admin/FormDialog';
import { PhotoPicker } from '../../../ui/admin/PhotoPicker';
import { reasonOf, serverFieldErrors } from '../../../ui/admin/request-errors';
import type { AdminPhoto, AdminPuppy } from '../puppies';
import { availablePuppyInput, puppyMessages, soldPuppyInput } from '../puppy-schema';
import { usePuppyChange } from './puppies-data';
import { puppiesText } from './puppies-text';
import { TextField } from './TextFields';

const TITLE_ID = 'puppy-form-title';

type TextKey = 'name' | 'title' | 'description' | 'coat' | 'color' | 'personality';

function initialValues(puppy: AdminPuppy | undefined): Record<TextKey, string> {
  const tags = puppy?.status === 'available' ? puppy : undefined;
  return {
    name: puppy?.name ?? '',
    title: puppy?.title ?? '',
    description: puppy?.description ?? '',
    coat: tags?.coat ?? '',
    color: tags?.color ?? '',
    personality: tags?.personality ?? '',
  };
}

/**
 * "Add puppy" and "Edit": the spec's fields and the photos, checked with the shared schema before
 * sending and by the server after. A refused save keeps everything typed and says why.
 */
export function PuppyForm({
  puppy,
  puppies,
  onClose,
  createUrl = '/api/puppies',
}: {
  puppy?: AdminPuppy;
  puppies: AdminPuppy[];
  onClose: () => void;
  /** Where a new puppy is posted: a litter's (issue 27) or the youngest born litter's. */
  createUrl?: string;
}) {
  const sold = puppy?.status === 'sold';
  const [values, setValues] = useState(() => initialValues(puppy));
  const [photos, setPhotos] = useState<AdminPhoto[]>(puppy?.photos ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const change = usePuppyChange();
  const text = puppiesText.form;

  const set = (key: TextKey) => (value: string) => setValues((current) => ({ ...current, [key]: value }));

  function submit() {
    if (busy) {
      setProblem(puppiesText.photos.busy);
      return;
    }
    const { coat, color, personality, ...common } = values;
    const body = {
      ...common,
      ...(sold ? {} : { coat, color, personality }),
      photos: photos.map(({ id, alt }) => ({ id, alt })),
    };
    const parsed = (sold ? soldPuppyInput : availablePuppyInput).safeParse(body);
    const found = parsed.success ? {} : fieldErrors(parsed.error);
    const name = values.name.trim().toLowerCase();
    const clash = puppies.some(
      (p) => p.status === 'available' && p.id !== puppy?.id && p.name.toLowerCase() === name,
    );
    if (!sold && clash) found.name ??= puppyMessages.nameTaken(values.name.trim());
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) {
      setProblem(text.fixFields);
      return;
    }
    setProblem(null);
    change.mutate(
      puppy
        ? { method: 'PUT', url: `/api/puppies/${puppy.id}`, body: { ...parsed.data, version: puppy.version } }
        : { method: 'POST', url: createUrl, body: parsed.data },
      {
        onSuccess: onClose,
        onError: (failure) => {
          setErrors(serverFieldErrors(failure));
          setProblem(reasonOf(failure));
        },
      },
    );
  }

  const field = (key: TextKey) =>
    html`<${TextField} id=${`puppy-${key}`} label=${text[key]} value=${values[key]} onChange=${set(key)} error=${errors[key]} />`;

  return html`<${FormDialog} titleId=${TITLE_ID} title=${puppy ? text.editTitle(puppy.name) : text.addTitle}
    submit=${text.save} pending=${change.isPending} onSubmit=${submit} onClose=${onClose}>
      ${field('name')}
      ${field('title')}
      <${TextField} multiline id="puppy-description" label=${text.description} value=${values.description}
        onChange=${set('description')} error=${errors.description} />
      ${!sold && html`<div className=${dialog.columns}>${field('coat')}${field('color')}${field('personality')}</div>`}
      <${PhotoPicker} photos=${photos} onChange=${setPhotos} errors=${errors} single=${sold} onBusy=${setBusy} />
      ${problem && html`<p className=${alertStyles.alert} role="alert">${problem}</p>`}
  <//>`;
}
