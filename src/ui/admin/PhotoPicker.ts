import { html } from 'htm/react';
import { type ChangeEvent, useState } from 'react';
import { Button } from '../components/Button';
import { Field, type FieldControl } from '../components/Field';
import * as field from '../components/Field.css';
import { photoPickerText } from './admin-text';
import * as dialog from './dialog-form.css';
import * as styles from './PhotoPicker.css';
import type { AdminPhoto } from './queries';
import { type UploadProgress, uploadPhoto } from './upload-photo';

interface PhotoPickerProps {
  photos: AdminPhoto[];
  onChange: (update: (photos: AdminPhoto[]) => AdminPhoto[]) => void;
  errors: Record<string, string>;
  /** A sold puppy has one photo: a new upload replaces it. */
  single: boolean;
  onBusy: (busy: boolean) => void;
}

interface Status {
  file: string;
  progress: UploadProgress | null;
}

const move = <T>(items: T[], from: number, to: number): T[] => {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
};

function statusText({ file, progress }: Status): string {
  const photos = photoPickerText;
  if (!progress) return photos.waiting(file);
  if (progress.stage === 'uploading' && progress.percent < 100)
    return photos.uploading(file, progress.percent);
  if (progress.stage === 'processing') return photos.processing(file, progress.done, progress.total);
  return photos.waiting(file);
}

/**
 * A form's photos (a puppy's, a family update's): upload several (one at a time, with progress while uploading and while the
 * server processes), set the main one, reorder, give each its alt text, remove.
 */
export function PhotoPicker({ photos, onChange, errors, single, onBusy }: PhotoPickerProps) {
  const [status, setStatus] = useState<Status | null>(null);
  const [failures, setFailures] = useState<string[]>([]);
  const text = photoPickerText;

  async function upload(files: File[]) {
    onBusy(true);
    setFailures([]);
    for (const file of files) {
      setStatus({ file: file.name, progress: null });
      try {
        const photo = await uploadPhoto(file, (progress) => setStatus({ file: file.name, progress }));
        onChange((current) => (single ? [photo] : [...current, photo]));
      } catch (error) {
        setFailures((list) => [...list, text.failed(file.name, (error as Error).message)]);
      }
    }
    setStatus(null);
    onBusy(false);
  }

  const percent =
    status?.progress?.stage === 'uploading'
      ? status.progress.percent
      : status?.progress?.stage === 'processing' && status.progress.total > 0
        ? Math.round((status.progress.done / status.progress.total) * 100)
        : undefined;

  return html`<fieldset className=${dialog.form} aria-describedby="photos-hint">
    <legend className=${field.label.admin}>${text.legend}</legend>
    <p id="photos-hint" className=${styles.hint}>${single ? text.singleHint : text.hint}</p>
    ${errors.photos && html`<p className=${field.error.admin} role="alert">${errors.photos}</p>`}
    <ol className=${styles.photos}>
      ${photos.map((photo, index) => {
        const labelId = `photo-${photo.id}-label`;
        const alt = errors[`photos.${index}.alt`];
        const unknown = errors[`photos.${index}.id`];
        return html`<li key=${photo.id} className=${styles.photo}>
          <img className=${styles.photoThumb} src=${photo.variants.src} srcSet=${photo.variants.jpeg} sizes="80px" alt="" />
          <div className=${dialog.form}>
            <p id=${labelId}>
              ${text.photoLabel(index + 1)} ${index === 0 && html`<span className=${styles.mainBadge}>${text.main}</span>`}
            </p>
            <${Field} id=${`alt-${photo.id}`} tone="admin" label=${`${text.alt} (${text.photoLabel(index + 1).toLowerCase()})`}
              error=${alt ?? unknown}>
              ${(
                control: FieldControl,
              ) => html`<input type="text" name=${`alt-${photo.id}`} value=${photo.alt} ...${control}
                onChange=${(event: ChangeEvent<HTMLInputElement>) => {
                  const value = event.target.value;
                  onChange((current) => current.map((p) => (p.id === photo.id ? { ...p, alt: value } : p)));
                }} />`}
            <//>
          </div>
          <div className=${styles.photoTools}>
            ${!single && index > 0 && html`<${Button} variant="outline" compact describedBy=${labelId} onClick=${() => onChange((c) => move(c, index, 0))}>${text.setMain}<//>`}
            ${!single && html`<${Button} variant="outline" compact describedBy=${labelId} disabled=${index === 0} onClick=${() => onChange((c) => move(c, index, index - 1))}>${text.up}<//>`}
            ${!single && html`<${Button} variant="outline" compact describedBy=${labelId} disabled=${index === photos.length - 1} onClick=${() => onChange((c) => move(c, index, index + 1))}>${text.down}<//>`}
            <${Button} variant="outline" compact describedBy=${labelId} onClick=${() => onChange((c) => c.filter((p) => p.id !== photo.id))}>${text.remove}<//>
          </div>
        </li>`;
      })}
    </ol>
    <div className=${`${field.field.admin} ${styles.fileField}`}>
      <label className=${field.label.admin} htmlFor="photo-files">${single ? text.replace : text.choose}</label>
      <input id="photo-files" type="file" accept="image/*" multiple=${!single} className=${styles.fileInput}
        disabled=${status !== null}
        onChange=${(event: ChangeEvent<HTMLInputElement>) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length > 0) void upload(single ? files.slice(0, 1) : files);
        }} />
    </div>
    <div role="status" aria-live="polite">
      ${
        status &&
        html`<p>${statusText(status)}</p>
          <progress className=${styles.progress} max="100" value=${percent} aria-label=${statusText(status)}></progress>`
      }
    </div>
    ${failures.length > 0 && html`<ul role="alert" className=${field.error.admin}>${failures.map((f) => html`<li key=${f}>${f}</li>`)}</ul>`}
  </fieldset>`;
}
