/**
 * Fails (exit 1) when code the browser loads imports what must never reach it: a `*.server.ts`
 * module, or anything under src/server or src/storage. Run by `npm run lint`.
 *
 * It walks the import graph the way esbuild does from the browser's entries (src/client/boot.ts
 * and src/client/main.ts: both bundles start there), following static imports, re-exports and
 * dynamic `import()`; `import type` and `export type` are erased by TypeScript
 * (verbatimModuleSyntax), so they are not followed. Packages are esbuild's business.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const BROWSER_ENTRIES = ['src/client/boot.ts', 'src/client/main.ts'];

/** What the browser must never load, relative to the repository root. */
export function isServerOnly(file: string): boolean {
  return /\.server\.tsx?$/.test(file) || /^src\/(server|storage)\//.test(file);
}

const IMPORT =
  /(?:^|[;\s])(?:import|export)\s+(type\s+)?(?:[\w*\s{},$]*?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function resolve(root: string, from: string, spec: string): string | null {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    `${base}/index.ts`,
    base.replace(/\.js$/, '.ts'),
  ])
    if (/\.tsx?$/.test(candidate) && existsSync(path.join(root, candidate))) return candidate;
  return null;
}

/** Every browser-reachable import of a server-only module, as "importer -> imported". */
export function serverImports(root: string, entries = BROWSER_ENTRIES): string[] {
  const seen = new Set<string>();
  const found: string[] = [];
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(path.join(root, file), 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      if (m[1]) continue; // import type / export type: erased
      const spec = m[2] ?? m[3] ?? '';
      const target = resolve(root, file, spec);
      if (!target) continue;
      if (isServerOnly(target)) found.push(`${file} -> ${target}`);
      else queue.push(target);
    }
  }
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const found = serverImports(root);
  if (found.length > 0) {
    console.error('Browser code imports server-only modules (*.server.ts, src/server, src/storage):');
    for (const line of found) console.error(`  ${line}`);
    process.exit(1);
  }
}
