import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AssetManifest } from '../../shared/asset-manifest';

/** Where the build put things: this bundle lives in dist/server, so dist is one level up. */
const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const builtPublicDir = path.join(distDir, 'public');
/** The repository's public/ (photos, robots.txt…): beside dist/ in the checkout and the image. */
export const staticPublicDir = path.resolve(distDir, '..', 'public');

export function loadManifest(dir: string = distDir): AssetManifest {
  const file = path.join(dir, 'manifest.json');
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as AssetManifest;
  } catch (error) {
    throw new Error(`Cannot read the build manifest ${file}: run \`npm run build\` first (${String(error)})`);
  }
}

/**
 * The stylesheet every page needs, inlined in a <style> so it arrives in the HTML's first round
 * trip instead of a second request; with its CSP hash ("sha256-…").
 */
export function loadInlineStyles(
  manifest: AssetManifest,
  dir: string = distDir,
): { css: string; hash: string } {
  const css = manifest.styles.map((href) => readFileSync(path.join(dir, 'public', href), 'utf8')).join('\n');
  return { css, hash: `sha256-${createHash('sha256').update(css).digest('base64')}` };
}
