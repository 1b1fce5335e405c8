import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { AssetManifest } from '../../src/shared/asset-manifest';

export interface BundleSize {
  files: number;
  raw: number;
  gzip: number;
  brotli: number;
}

const brotli = (bytes: Buffer) =>
  brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/** The JavaScript a visitor of / downloads before the page is interactive: the entry and its static imports. */
export async function landingFirstLoad(distDir: string): Promise<BundleSize> {
  const manifest = JSON.parse(await readFile(path.join(distDir, 'manifest.json'), 'utf8')) as AssetManifest;
  const files = await Promise.all(
    [manifest.entry, ...manifest.preload].map((url) => readFile(path.join(distDir, 'public', url))),
  );
  return {
    files: files.length,
    raw: files.reduce((sum, f) => sum + f.length, 0),
    gzip: files.reduce((sum, f) => sum + gzipSync(f, { level: 9 }).length, 0),
    brotli: files.reduce((sum, f) => sum + brotli(f), 0),
  };
}
