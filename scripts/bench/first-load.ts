import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import type { AssetManifest } from '../../src/shared/asset-manifest';
import type { Check } from './types';

/** Targets, in KB of 1024 bytes, brotli (what browsers are sent). */
const FIRST_LOAD_BROTLI_KB = 75;
const OWN_CODE_BROTLI_KB = 12;

interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

interface FirstLoad {
  files: string[];
  total: Sizes;
  /** React and react-dom alone, bundled and minified as the site's bundle is. */
  react: Sizes;
  /** What the page adds beyond them: total minus react. */
  own: Sizes;
}

const sizesOf = (bytes: Uint8Array): Sizes => ({
  raw: bytes.length,
  gzip: gzipSync(bytes, { level: 9 }).length,
  brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
});

const sum = (all: Sizes[]): Sizes =>
  all.reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli }), {
    raw: 0,
    gzip: 0,
    brotli: 0,
  });

/** A file as it is served: its size and the sizes of the .gz/.br the build wrote beside it. */
async function servedSizes(file: string): Promise<Sizes> {
  const raw = await readFile(file);
  const [gz, br] = await Promise.all(
    ['.gz', '.br'].map((suffix) => readFile(`${file}${suffix}`).catch(() => null)),
  );
  const computed = gz && br ? null : sizesOf(raw);
  return {
    raw: raw.length,
    gzip: gz?.length ?? computed?.gzip ?? 0,
    brotli: br?.length ?? computed?.brotli ?? 0,
  };
}

/** The smallest bundle that hydrates with React 19, built with the site's client options. */
async function reactAlone(): Promise<Sizes> {
  const result = await esbuild.build({
    stdin: {
      contents:
        "import { createElement } from 'react'; import { hydrateRoot } from 'react-dom/client'; hydrateRoot(document, createElement('html'));",
      resolveDir: path.resolve(import.meta.dirname, '..', '..'),
      loader: 'js',
    },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022', 'safari16'],
    minify: true,
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
    logLevel: 'warning',
  });
  const bytes = result.outputFiles[0]?.contents;
  if (!bytes) throw new Error('the React reference bundle is empty');
  return sizesOf(bytes);
}

/** The JavaScript a visitor of / downloads before the page is interactive: boot, then the entry and its static imports. */
export async function landingFirstLoad(distDir: string): Promise<FirstLoad> {
  const manifest = JSON.parse(await readFile(path.join(distDir, 'manifest.json'), 'utf8')) as AssetManifest;
  const files = [manifest.boot, manifest.entry, ...manifest.preload];
  const total = sum(await Promise.all(files.map((url) => servedSizes(path.join(distDir, 'public', url)))));
  const react = await reactAlone();
  const own = {
    raw: total.raw - react.raw,
    gzip: total.gzip - react.gzip,
    brotli: total.brotli - react.brotli,
  };
  return { files, total, react, own };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function firstLoadReport(size: FirstLoad): { notes: string[]; checks: Check[] } {
  const line = (name: string, s: Sizes) =>
    `${name.padEnd(34)} ${kb(s.brotli).padStart(9)} brotli ${kb(s.gzip).padStart(9)} gzip -9 ${kb(s.raw).padStart(9)} minified`;
  return {
    notes: [
      `First-load JavaScript of / (${size.files.length} files, as served):`,
      line('  all of it', size.total),
      line('  react + react-dom alone', size.react),
      line("  the page's own code beyond them", size.own),
    ],
    checks: [
      {
        name: `first-load JavaScript of / <= ${FIRST_LOAD_BROTLI_KB} KB brotli`,
        ok: size.total.brotli <= FIRST_LOAD_BROTLI_KB * 1024,
        detail: kb(size.total.brotli),
      },
      {
        name: `the page's own code beyond react + react-dom <= ${OWN_CODE_BROTLI_KB} KB brotli`,
        ok: size.own.brotli <= OWN_CODE_BROTLI_KB * 1024,
        detail: kb(size.own.brotli),
      },
    ],
  };
}
