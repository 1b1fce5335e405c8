import compression from 'compression';
import type { RequestHandler } from 'express';

/** Answers smaller than this gain little from compression and cost a stream each. */
const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Brotli or gzip for the API's answers over 1 KB, as the client's Accept-Encoding allows (brotli
 * first): the inquiry list of a busy breeder is megabytes of JSON that compress about tenfold.
 * The `compression` package (1.8+) negotiates brotli, streams (the CSV export is written in
 * chunks), sets `Vary: Accept-Encoding`, skips answers already encoded, and uses brotli quality 4,
 * which suits answers built per request (quality 11, right for the build's static files, takes
 * seconds on megabytes).
 */
export function compressApi(): RequestHandler {
  return compression({ threshold: COMPRESS_THRESHOLD_BYTES });
}
