import type { ErrorRequestHandler, Request, Response } from 'express';
import type { ApiError } from '../../shared/api';
import { isWriteRefused } from '../../storage/durable-write';
import { Refused } from './pipeline';

/**
 * The one place that decides how an error looks: JSON `{ message }` for the API (its clients read
 * JSON), short plain text everywhere else (never Express's HTML page, which echoes the path and
 * names the framework).
 */
function isApiRequest(req: Request): boolean {
  // baseUrl + path is the full path both inside a router mounted on /api and outside it.
  const path = `${req.baseUrl}${req.path}`;
  return path === '/api' || path.startsWith('/api/');
}

export function sendError(
  req: Request,
  res: Response,
  status: number,
  message: string,
  errors?: Record<string, string>,
): void {
  res.status(status);
  if (isApiRequest(req)) res.json((errors ? { message, errors } : { message }) satisfies ApiError);
  else res.type('text').send(message);
}

/**
 * 503: the disk refused the write (full, read-only), so her change was not saved and nothing
 * stored changed. The one message every change answers with (an inquiry keeps its own).
 */
export const NOT_STORED =
  'The change could not be saved: the server cannot write its data just now. Nothing was changed; please try again in a few minutes.';

const SERVER_ERROR = 'Something went wrong. Please try again.';

/**
 * The last handler: a refusal of the rules becomes its status, message and field errors; a write
 * the disk refused the 503 of NOT_STORED; any other thrown or passed error its status and a
 * message. No stack ever leaves.
 */
export const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  if (error instanceof Refused) {
    if (!res.headersSent) sendError(req, res, error.status, error.message, error.errors);
    return;
  }
  // A change the disk refused: it carries no HTTP status (a missing static file's ENOENT does).
  if (
    req.method !== 'GET' &&
    req.method !== 'HEAD' &&
    typeof error?.status !== 'number' &&
    isWriteRefused(error)
  ) {
    console.error(error instanceof Error ? error.message : error);
    if (!res.headersSent) sendError(req, res, 503, NOT_STORED);
    return;
  }
  const status =
    typeof error?.status === 'number' && error.status >= 400 && error.status < 600 ? error.status : 500;
  if (status >= 500) console.error(error instanceof Error ? error.stack : error);
  if (res.headersSent) return;
  sendError(req, res, status, status >= 500 ? SERVER_ERROR : clientMessage(error, status));
};

function clientMessage(error: { type?: string; expose?: boolean; message?: string }, status: number): string {
  if (error.type === 'entity.too.large') return 'The request body is too large.';
  if (error.type === 'entity.parse.failed') return 'The request body is not a valid JSON object.';
  if (status === 404) return 'Not found.';
  return error.expose && error.message ? error.message : 'The request could not be processed.';
}
