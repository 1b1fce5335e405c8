import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Encoding, preferredEncoding } from '../http/accept-encoding';

/** A body held in memory in each encoding, with its ETag (see compression.ts). */
interface EncodedBody {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

interface Answer {
  /** Flat [name, value, name, value…], as writeHead takes it. */
  headers: string[];
  body: Buffer;
}

/** A page as it goes on the wire: for each encoding, its bytes and every header, built once. */
export interface PreparedPage {
  etag: string;
  status: number;
  answers: Record<Encoding, Answer>;
  notModified: string[];
}

/**
 * Builds the complete answers of a cached page once per rendering, so serving it costs one
 * writeHead and one end: no per-request header work, no hashing, no negotiation library.
 * `headers` are the ones every answer carries (security headers, Cache-Control…).
 */
export function preparePage(
  body: EncodedBody,
  status: number,
  headers: readonly [string, string][],
): PreparedPage {
  const common = [
    ...headers.flat(),
    'Content-Type',
    'text/html; charset=utf-8',
    'ETag',
    body.etag,
    'Vary',
    'Accept-Encoding',
  ];
  const answer = (encoding: Encoding): Answer => ({
    headers: [
      ...common,
      ...(encoding === 'identity' ? [] : ['Content-Encoding', encoding]),
      'Content-Length',
      String(body[encoding].length),
    ],
    body: body[encoding],
  });
  return {
    etag: body.etag,
    status,
    answers: { br: answer('br'), gzip: answer('gzip'), identity: answer('identity') },
    notModified: common,
  };
}

/** Does If-None-Match name this ETag (weak comparison, RFC 9110 13.1.2)? */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value === etag || value === `W/${etag}`;
  });
}

/**
 * Sends a prepared page: 304 when the client holds this version, else the encoding it prefers.
 * `extra` headers are per request (HSTS over HTTPS). Returns the status sent.
 */
export function sendPrepared(
  req: IncomingMessage,
  res: ServerResponse,
  page: PreparedPage,
  extra: readonly string[] = [],
): number {
  if (page.status === 200 && matchesEtag(req.headers['if-none-match'], page.etag)) {
    res.writeHead(304, extra.length ? [...page.notModified, ...extra] : page.notModified);
    res.end();
    return 304;
  }
  const answer = page.answers[preferredEncoding(req.headers['accept-encoding'])];
  res.writeHead(page.status, extra.length ? [...answer.headers, ...extra] : answer.headers);
  res.end(req.method === 'HEAD' ? undefined : answer.body);
  return page.status;
}
