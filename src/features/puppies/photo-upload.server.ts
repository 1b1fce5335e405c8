import express, { type ErrorRequestHandler, type RequestHandler, Router } from 'express';
import { MAX_PHOTO_BYTES, photoMessages } from '../../shared/photo-rules';
import { isWriteRefused } from '../../storage/durable-write';
import { PhotoRejected } from './photos/process-photo.server';
import type { UploadEvent } from './puppies';
import type { PuppyService } from './puppy-service.server';

interface PhotoUploadDeps {
  upload: PuppyService['upload'];
  /** 401 unless signed in (the app's guard for private API calls). */
  requireUser: RequestHandler;
  onError: (error: unknown) => void;
}

const UPLOAD_FAILED = 'The photo could not be saved. Please try again.';
/** The disk refused the photo's files (full, read-only): nothing of it was kept. */
const UPLOAD_NOT_STORED =
  'The photo could not be saved: the server cannot write its data just now. Please try again in a few minutes.';

/** Answers a refused upload and closes the connection, which will not be used again. */
function refuse(res: express.Response, status: number, message: string): void {
  res.setHeader('Connection', 'close');
  res.status(status).json({ message });
}

/** How much of a body is read at most (the rest of one too large is read and dropped). */
const MAX_READ_BYTES = 2 * MAX_PHOTO_BYTES;

/**
 * Cuts the connection of a body that goes on past MAX_READ_BYTES: the raw body parser reads a
 * body that is too large to its end before it reports the error, and one that never ends would
 * be read forever.
 */
const cutOffEndless: RequestHandler = (req, _res, next) => {
  let received = 0;
  const count = (chunk: Buffer) => {
    received += chunk.length;
    if (received > MAX_READ_BYTES) req.destroy();
  };
  req.on('data', count);
  req.once('end', () => req.off('data', count));
  next();
};

/**
 * Refuses an upload that is too large once the client has sent the rest of its body (read and
 * dropped): a client still sending when the connection closes gets a broken pipe, not the answer.
 */
function refuseTooLarge(req: express.Request, res: express.Response): void {
  const answer = () => refuse(res, 413, photoMessages.tooBig);
  if (req.complete) {
    answer();
    return;
  }
  req.once('end', answer);
  req.resume();
}

const tooLargeByHeader: RequestHandler = (req, res, next) => {
  if (Number(req.headers['content-length'] ?? 0) > MAX_PHOTO_BYTES) {
    refuseTooLarge(req, res);
    return;
  }
  next();
};

const bodyErrors: ErrorRequestHandler = (error, req, res, next) => {
  if (error?.type === 'entity.too.large') refuseTooLarge(req, res);
  else if (typeof error?.status === 'number' && error.status < 500) refuse(res, 400, UPLOAD_FAILED);
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
    requireUser,
    cutOffEndless,
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
      const refused = isWriteRefused(error);
      if (!res.headersSent) {
        if (error instanceof PhotoRejected) res.status(error.status).json({ message: error.message });
        else {
          onError(error);
          res.status(refused ? 503 : 500).json({ message: refused ? UPLOAD_NOT_STORED : UPLOAD_FAILED });
        }
        return;
      }
      onError(error);
      send({ stage: 'failed', message: refused ? UPLOAD_NOT_STORED : UPLOAD_FAILED });
      res.end();
    }
  }
}
