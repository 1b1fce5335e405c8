import type { ErrorRequestHandler, Request, Response } from 'express';

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

export function sendError(req: Request, res: Response, status: number, message: string): void {
  res.status(status);
  if (isApiRequest(req)) res.json({ message });
  else res.type('text').send(message);
}

const SERVER_ERROR = 'Something went wrong. Please try again.';

/** The last handler: a thrown or passed error becomes its status and a message; no stack ever leaves. */
export const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
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
