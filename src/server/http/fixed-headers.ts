import type { Request, RequestHandler, Response } from 'express';

/**
 * The headers a middleware sets on every answer whatever the request (helmet's, configured with
 * fixed values), captured once at start: the hot path then writes them from a list instead of
 * running the middleware chain per request. Throws if the middleware does anything else (reads
 * the request, answers, or does not call next at once), since a snapshot would then be wrong.
 */
export function captureHeaders(middleware: RequestHandler): [string, string][] {
  const headers = new Map<string, [string, string]>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), [name, Array.isArray(value) ? value.join(', ') : String(value)]);
      return recorder;
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
    getHeader(name: string) {
      return headers.get(name.toLowerCase())?.[1];
    },
  };
  const request = new Proxy(
    {},
    {
      get(_target, property) {
        throw new Error(`captureHeaders: the middleware read req.${String(property)}`);
      },
    },
  );
  let continued = false;
  let failure: unknown;
  middleware(request as Request, recorder as unknown as Response, (error?: unknown) => {
    continued = true;
    failure = error;
  });
  if (!continued || failure)
    throw new Error(`captureHeaders: the middleware did not continue (${String(failure)})`);
  return [...headers.values()];
}
