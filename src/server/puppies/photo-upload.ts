import express, { type ErrorRequestHandler, type RequestHandler, Router } from 'express';
import { MAX_PHOTO_BYTES, photoMessages } from '../../shared/photo-rules';
import type { UploadEvent } from '../../shared/puppies';
import { noStore } from '../http/no-store';
import { PhotoRejected } from '../photos/process-photo';
import type { PuppyService } from './puppy-service';

interface PhotoUploadDeps {
  upload: PuppyService['upload'];
  /** 401 unless signed in (the app's guard for private API calls). */
  requireUser: RequestHandler;
  onError: (error: unknown) => void;
}

const UPLOAD_FAILED = 'The photo could not be saved. Please try again.';

/** Ends a refused upload without waiting for the rest of a body we will not read. */
function refuse(res: express.Response, status: number, message: string): void {
  res.setHeader('Connection', 'close');
  res.status(status).json({ message });
}

const tooLargeByHeader: RequestHandler = (req, res, next) => {
  if (Number(req.headers['content-length'] ?? 0) > MAX_PHOTO_BYTES) {
    req.resume(); // let the client finish sending, so it reads the answer rather than a reset
    refuse(res, 413, photoMessages.tooBig);
    return;
  }
  next();
};

const bodyErrors: ErrorRequestHandler = (error, req, res, next) => {
  if (error?.type === 'entity.too.large') {
    req.resume();
    refuse(res, 413, photoMessages.tooBig);
  } else if (typeof error?.status === 'number' && error.status < 500) refuse(res, 400, UPLOAD_FAILED);
  else next(error);
};

/**
 * POST /photos: the photo's bytes as the body (any declared type: only decoding decides). A bad
 * file is answered 4xx with `{ message }` before anything is stored. Once the photo has decoded,
 * the answer is 200 and streams UploadEvent lines (one JSON object each) while the widths and
 * formats are encoded, ending with the stored photo, so the page can show real progress.
 */
export function photoUpload({ upload, requireUser, onError }: PhotoUploadDeps): Router {
  const router = Router();
  router.post(
    '/photos',
    noStore,
    requireUser,
    tooLargeByHeader,
    express.raw({ type: () => true, limit: MAX_PHOTO_BYTES }),
    receive,
    bodyErrors,
  );
  return router;

  async function receive(req: express.Request, res: express.Response) {
    const body: Buffer = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const send = (event: UploadEvent) => res.write(`${JSON.stringify(event)}\n`);
    try {
      const photo = await upload(body, {
        onStart: (total) => {
          res.writeHead(200, { 'Content-Type': 'application/x-ndjson; charset=utf-8' });
          send({ stage: 'processing', done: 0, total });
        },
        onProgress: (done, total) => send({ stage: 'processing', done, total }),
      });
      send({ stage: 'done', photo });
      res.end();
    } catch (error) {
      if (!res.headersSent) {
        if (error instanceof PhotoRejected) res.status(error.status).json({ message: error.message });
        else {
          onError(error);
          res.status(500).json({ message: UPLOAD_FAILED });
        }
        return;
      }
      onError(error);
      send({ stage: 'failed', message: UPLOAD_FAILED });
      res.end();
    }
  }
}
