import { html } from 'htm/react';
import { type ChangeEvent, useId, useState } from 'react';
import * as editor from '../../../ui/admin/editor.css';
import { uploadPhoto } from '../../../ui/admin/upload-photo';
import * as fieldStyles from '../../../ui/components/Field.css';
import { Picture } from '../../../ui/components/Picture';
import * as styles from './site.css';
import { siteText } from './site-text';

interface EditedPhoto {
  id: string;
  alt: string;
  width: number;
  height: number;
  widths?: number[] | undefined;
}

interface PhotoProps {
  label: string;
  photo: EditedPhoto | null;
  onUploaded: (photo: EditedPhoto) => void;
  error?: string | undefined;
}

/** The photo shown now and the litter manager's upload (upright, metadata removed, the same variants). */
export function PhotoInput({ label, photo, onUploaded, error }: PhotoProps) {
  const id = useId();
  const [status, setStatus] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  async function upload(file: File) {
    setFailure(null);
    setStatus(siteText.photo.uploading(0));
    try {
      const uploaded = await uploadPhoto(file, (progress) =>
        setStatus(
          progress.stage === 'uploading'
            ? siteText.photo.uploading(progress.percent)
            : siteText.photo.processing,
        ),
      );
      const widths = uploaded.variants.jpeg
        .split(', ')
        .map((entry) => Number.parseInt(entry.split(' ')[1] ?? '', 10));
      // Its alt text is kept by the caller, from the latest draft (she may type it meanwhile).
      onUploaded({
        id: uploaded.id,
        alt: '',
        width: uploaded.variants.width,
        height: uploaded.variants.height,
        widths: widths.filter((w) => Number.isFinite(w)),
      });
    } catch (problem) {
      setFailure(siteText.photo.failed((problem as Error).message));
    }
    setStatus(null);
  }
  return html`<div className=${styles.photo}>
    ${photo && html`<${Picture} photo=${photo} sizes="160px" className=${styles.thumb} />`}
    <div className=${`${editor.field} ${styles.photoField}`}>
      <label className=${fieldStyles.label.admin} htmlFor=${id}>${siteText.photo.choose(label)}</label>
      <input id=${id} type="file" accept="image/*" className=${styles.file} disabled=${status !== null}
        onChange=${(event: ChangeEvent<HTMLInputElement>) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void upload(file);
        }} />
      <p role="status" className=${editor.hint}>${status}</p>
      ${(failure || error) && html`<p role="alert" className=${fieldStyles.error.admin}>${failure ?? error}</p>`}
    </div>
  </div>`;
}
