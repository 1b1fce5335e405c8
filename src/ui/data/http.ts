/**
 * The HTTP rules of spec sections 7 and 8: cookies always sent; a JSON body, with its content type,
 * only when there is one; any non-ok answer becomes an HttpError "<status>: <body>".
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    body: string,
    /** The parsed JSON body, when the server sent one (e.g. `{ message, errors }`). */
    readonly data: unknown,
  ) {
    super(`${status}: ${body}`);
    this.name = 'HttpError';
  }
}

export async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text().catch(() => '');
  let data: unknown;
  let body = text || res.statusText;
  try {
    data = JSON.parse(text);
    body = JSON.stringify(data);
  } catch {
    // Not JSON: the plain text (or the status text) is the body.
  }
  throw new HttpError(res.status, res.statusText, body, data);
}

/** A JSON answer is parsed; otherwise the raw text is returned. */
async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!(res.headers.get('content-type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function apiRequest<T = unknown>(
  method: string,
  url: string,
  data?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<T> {
  const res = await fetch(url, {
    method,
    headers: data === undefined ? extraHeaders : { 'Content-Type': 'application/json', ...extraHeaders },
    body: data === undefined ? undefined : JSON.stringify(data),
    credentials: 'include',
  });
  await throwIfNotOk(res);
  return (await readBody(res)) as T;
}

type UnauthorizedBehavior = 'returnNull' | 'throw';

/** The default read: GET the path that is the query key's first element. */
export function getQueryFn({ on401 }: { on401: UnauthorizedBehavior }) {
  return async ({ queryKey }: { queryKey: readonly unknown[] }): Promise<unknown> => {
    const res = await fetch(String(queryKey[0]), { credentials: 'include' });
    if (on401 === 'returnNull' && res.status === 401) return null;
    await throwIfNotOk(res);
    return readBody(res);
  };
}
