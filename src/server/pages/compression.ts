import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Request, Response } from 'express';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A response body held in memory with its ETag and its brotli and gzip forms. */
export interface CompressedBody {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

export async function compressBody(body: Buffer): Promise<CompressedBody> {
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
    gzipAsync(body, { level: 9 }),
  ]);
  return { identity: body, br, gzip: gz, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

/** Picks the smallest encoding the client accepts, and says that the answer varies with it. */
export function sendCompressed(req: Request, res: Response, body: CompressedBody): void {
  res.setHeader('Vary', 'Accept-Encoding');
  const encoding = req.acceptsEncodings('br', 'gzip', 'identity');
  if (encoding === 'br' || encoding === 'gzip') {
    res.setHeader('Content-Encoding', encoding);
    res.send(body[encoding]);
  } else {
    res.send(body.identity);
  }
}
