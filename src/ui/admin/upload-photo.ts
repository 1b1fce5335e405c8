import type { AdminPhoto, UploadEvent } from '../../features/puppies/puppies';
import { MAX_PHOTO_BYTES, photoMessages } from '../../shared/photo-rules';
import { adminText } from './admin-text';

const PHOTOS_URL = '/api/photos';

export type UploadProgress =
  | { stage: 'uploading'; percent: number }
  | { stage: 'processing'; done: number; total: number };

/** New complete lines of an NDJSON text that grows as it arrives. */
function lineReader() {
  let seen = 0;
  return (text: string): UploadEvent[] => {
    const end = text.lastIndexOf('\n') + 1;
    const lines = text.slice(seen, end).split('\n').filter(Boolean);
    seen = end;
    return lines.map((line) => JSON.parse(line) as UploadEvent);
  };
}

function messageOf(xhr: XMLHttpRequest): string {
  try {
    const body = JSON.parse(xhr.responseText) as { message?: unknown };
    if (typeof body.message === 'string') return body.message;
  } catch {
    // not JSON: fall through
  }
  return `${xhr.status}: ${xhr.statusText || adminText.photoOffline}`;
}

/**
 * Sends one photo with XMLHttpRequest, the only browser API that reports upload progress, then
 * reads the server's processing progress as it streams. Resolves with the stored photo; rejects
 * with an Error whose message is the server's (or a plain one for a network failure).
 */
export function uploadPhoto(file: File, onProgress: (progress: UploadProgress) => void): Promise<AdminPhoto> {
  if (file.size > MAX_PHOTO_BYTES) return Promise.reject(new Error(photoMessages.tooBig));
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const read = lineReader();
    let result: AdminPhoto | null = null;
    let failure: string | null = null;
    const handle = (events: UploadEvent[]) => {
      for (const event of events) {
        if (event.stage === 'processing') onProgress(event);
        else if (event.stage === 'done') result = event.photo;
        else if (event.stage === 'failed') failure = event.message;
      }
    };
    xhr.open('POST', PHOTOS_URL);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable)
        onProgress({ stage: 'uploading', percent: Math.round((event.loaded / event.total) * 100) });
    };
    xhr.onprogress = () => {
      if (xhr.status === 200) handle(read(xhr.responseText));
    };
    xhr.onload = () => {
      if (xhr.status !== 200) {
        reject(new Error(messageOf(xhr)));
        return;
      }
      handle(read(`${xhr.responseText}\n`));
      if (result) resolve(result);
      else reject(new Error(failure ?? adminText.photoOffline));
    };
    xhr.onerror = () => reject(new Error(adminText.photoOffline));
    xhr.send(file);
  });
}
