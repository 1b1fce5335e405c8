import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Request, Response } from 'express';
import { preferredEncoding } from '../http/accept-encoding';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A response body held in memory with its ETag and its brotli and gzip forms. */
export interface CompressedBody {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

/**
 * `best` (brotli 11, gzip 9) is for bodies kept in memory; `fast` (brotli 5, gzip 6: a few ms, a
 * few percent larger) serves a page that must be ready at once, until its `best` form is made.
 */
export type CompressionLevel = 'best' | 'fast';

const levels = { best: { brotli: 11, gzip: 9 }, fast: { brotli: 5, gzip: 6 } } as const;

export async function compressBody(body: Buffer, level: CompressionLevel = 'best'): Promise<CompressedBody> {
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: levels[level].brotli,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: levels[level].gzip }),
  ]);
  return { identity: body, br, gzip: gz, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

/** Picks the smallest encoding the client accepts, and says that the answer varies with it. */
export function sendCompressed(req: Request, res: Response, body: CompressedBody): void {
  res.setHeader('Vary', 'Accept-Encoding');
  // The hot path's negotiation: brotli first on a tie (Express's follows the header's order, and
  // browsers list gzip first).
  const encoding = preferredEncoding(req.headers['accept-encoding']);
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  res.send(body[encoding]);
}
