/**
 * The written docs name real files. Every repository path in backticks or in a relative link in
 * ARCHITECTURE.md, README.md and docs/ must exist, and the README's Layout block must name the
 * folders the tree has (and only those), so a move that forgets the docs fails here.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

const TOP_DIRS = ['src', 'test', 'scripts', 'docs', 'public', '.ci'];
const ROOT_FILES = new Set([
  'ARCHITECTURE.md',
  'README.md',
  'Dockerfile',
  'biome.json',
  'esbuild.config.ts',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
]);

const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const exists = (file: string) => existsSync(path.join(root, file));

function markdownFiles(): string[] {
  const docs = readdirSync(path.join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => path.join('docs', name));
  return ['ARCHITECTURE.md', 'README.md', ...docs.sort()];
}

/** A backticked span that names a file or folder of this repository (not a URL, a glob or dist/). */
function repoPath(span: string): string | null {
  const text = span.trim().replace(/\/$/, '');
  if (ROOT_FILES.has(text)) return text;
  const top = text.split('/')[0] ?? '';
  if (!TOP_DIRS.includes(top) || !text.includes('/')) return null;
  return /^[\w./-]+$/.test(text) ? text : null;
}

/** Paths a markdown file names: backticked spans outside code blocks, and relative link targets. */
function namedPaths(markdown: string, file: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '');
  const spans = [...prose.matchAll(/`([^`\n]+)`/g)].flatMap((m) => repoPath(m[1] ?? '') ?? []);
  const links = [...prose.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => (m[1] ?? '').split('#')[0] ?? '')
    .filter((target) => target !== '' && !/^[a-z]+:/i.test(target))
    .map((target) => path.normalize(path.join(path.dirname(file), target)).replace(/\/$/, ''));
  return [...new Set([...spans, ...links])];
}

/**
 * The README's Layout block: a line starting at column 0 with "dir/" opens that folder, and an
 * indented "sub/" followed by two spaces opens a folder inside the last one; the names after it
 * ("app.ts", "auth/", "core/config.ts") are inside the open folder, or from the root when they
 * start with a top-level folder. Returns every path it names.
 */
function layoutPaths(readme: string): string[] {
  const section = readme.split(/^## Layout\s*$/m)[1] ?? '';
  const block = section.match(/^```[^\n]*\n([\s\S]*?)^```/m)?.[1];
  if (!block) throw new Error('README.md has no code block under "## Layout"');
  const found: string[] = [];
  let top = '';
  let dir = '';
  for (const line of block.split('\n')) {
    const opener = line.match(/^([\w.-][\w./-]*\/)(\s|$)/) ?? line.match(/^( +)([\w.-][\w./-]*\/)( {2,}|$)/);
    if (opener) {
      const indented = opener.length === 4;
      const name = (indented ? opener[2] : opener[1])?.replace(/\/$/, '') ?? '';
      if (!indented) top = name;
      dir = indented ? path.join(top, name) : name;
      found.push(dir);
    }
    const rest = opener ? line.slice(opener[0].length) : line;
    for (const m of rest.matchAll(/(?<![\w*/.-])([\w-][\w.-]*(?:\/[\w.-]+)*\/?)(?![\w*/-])/g)) {
      const name = m[1] ?? '';
      if (!name.endsWith('/') && !/\.(ts|js|json|sh|md)$/.test(name)) continue;
      const clean = name.replace(/\/$/, '');
      const fromRoot = TOP_DIRS.includes(clean.split('/')[0] ?? '') && clean.includes('/');
      found.push(fromRoot ? clean : path.join(dir, clean));
    }
  }
  return [...new Set(found)];
}

/** Folders the Layout must mention: every folder under src/, at any depth, and the first level of test/ and scripts/. */
function foldersToDescribe(): string[] {
  const dirs = (base: string) =>
    readdirSync(path.join(root, base), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules')
      .map((entry) => path.join(base, entry.name));
  const under = (base: string): string[] => dirs(base).flatMap((dir) => [dir, ...under(dir)]);
  return [...under('src'), ...dirs('test'), ...dirs('scripts')].sort();
}

describe('docs name real files', () => {
  for (const file of markdownFiles()) {
    test(`every path named in ${file} exists`, () => {
      const missing = namedPaths(read(file), file).filter((named) => !exists(named));
      assert.deepEqual(missing, [], `${file} names paths that do not exist`);
    });
  }

  test("every path in the README's Layout exists", () => {
    const missing = layoutPaths(read('README.md')).filter((named) => !exists(named));
    assert.deepEqual(missing, []);
  });

  test("the README's Layout mentions every source, test and script folder", () => {
    const named = new Set(layoutPaths(read('README.md')));
    const unmentioned = foldersToDescribe().filter((dir) => !named.has(dir));
    assert.deepEqual(unmentioned, []);
  });

  test('ARCHITECTURE.md walks through real files', () => {
    const named = namedPaths(read('ARCHITECTURE.md'), 'ARCHITECTURE.md');
    assert.ok(named.length >= 20, `only ${named.length} paths named`);
  });
});

describe('the path finders', () => {
  test('backticks: repository paths only', () => {
    assert.equal(repoPath('src/server/app.ts'), 'src/server/app.ts');
    assert.equal(repoPath('docs/decisions/'), 'docs/decisions');
    assert.equal(repoPath('package.json'), 'package.json');
    for (const other of ['/api/inquiries', 'dist/server/main.js', 'app.ts', 'src/**/*.ts', 'npm test'])
      assert.equal(repoPath(other), null, other);
  });

  test('links are resolved from the file that holds them; URLs and anchors are not paths', () => {
    const md =
      '[a](docs/product.md) [b](../README.md#x) [c](https://example.com) [d](#top)\n```\n`src/x.ts`\n```';
    assert.deepEqual(namedPaths(md, 'docs/decisions/001.md'), [
      'docs/decisions/docs/product.md',
      'docs/README.md',
    ]);
  });

  test('layout: names are read inside the folder their line opens', () => {
    const readme = [
      '## Layout',
      '',
      '```',
      'src/server/    main.ts (side effects), auth/ (routes.ts), src/shared/api.ts',
      '               core/config.ts; unit tests beside their module (*.test.ts)',
      '  pages/       render.ts, seo.ts',
      'test/          browser/',
      '```',
    ].join('\n');
    assert.deepEqual(layoutPaths(readme), [
      'src/server',
      'src/server/main.ts',
      'src/server/auth',
      'src/server/routes.ts',
      'src/shared/api.ts',
      'src/server/core/config.ts',
      'src/server/pages',
      'src/server/pages/render.ts',
      'src/server/pages/seo.ts',
      'test',
      'test/browser',
    ]);
  });
});
