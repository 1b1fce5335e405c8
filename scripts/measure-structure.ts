/**
 * The structure's numbers (issue 26), for the next engineer to compare before and after a change:
 *   npx tsx scripts/measure-structure.ts
 * - import cycles among src/ modules (dpdm, type imports included, as Biome's noImportCycles);
 * - imports from one feature's folder into another's that do not go through its index.ts;
 * - imports from src/shared or src/storage into src/server (the layers run one way);
 * - file names used by more than one module in src/ (the same name, possibly other jobs);
 * - test files over 350 lines;
 * - near-duplicate code (the `duplicates` command, when installed): its summary and rows.
 * It only reads and prints; the exit code is 0.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCircular, parseDependencyTree } from 'dpdm';

const root = fileURLToPath(new URL('..', import.meta.url));
const rel = (file: string) => path.relative(root, path.resolve(root, file)).split(path.sep).join('/');

function files(dir: string, keep: (file: string) => boolean): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .map((name) => `${dir}/${name.split(path.sep).join('/')}`)
    .filter(keep)
    .sort();
}

const featureOf = (file: string) => /^src\/features\/([^/]+)\//.exec(file)?.[1];

async function main() {
  const sources = files('src', (f) => /\.tsx?$/.test(f) && !/\.test\.ts$/.test(f) && !f.endsWith('.d.ts'));
  const tree = await parseDependencyTree(
    sources.map((f) => path.join(root, f)),
    { context: root, transform: false, skipDynamicImports: false },
  );
  const cycles = parseCircular(tree);

  const crossFeature: string[] = [];
  const upward: string[] = [];
  for (const [issuer, deps] of Object.entries(tree)) {
    const from = rel(issuer);
    if (!from.startsWith('src/')) continue;
    for (const dep of deps ?? []) {
      if (!dep.id) continue;
      const to = rel(dep.id);
      const a = featureOf(from);
      const b = featureOf(to);
      if (a && b && a !== b && to !== `src/features/${b}/index.ts`) crossFeature.push(`${from} -> ${to}`);
      if (/^src\/(shared|storage)\//.test(from) && /^src\/server\//.test(to)) upward.push(`${from} -> ${to}`);
    }
  }

  const byName = new Map<string, string[]>();
  for (const file of sources) {
    const name = path.posix.basename(file);
    byName.set(name, [...(byName.get(name) ?? []), file]);
  }
  const sameNames = [...byName].filter(([name, list]) => list.length > 1 && name !== 'index.ts');

  const longTests = files('test', (f) => f.endsWith('.test.ts'))
    .concat(
      files('src', (f) => f.endsWith('.test.ts')),
      files('scripts', (f) => f.endsWith('.test.ts')),
    )
    .map((f) => [f, readFileSync(path.join(root, f), 'utf8').split('\n').length] as const)
    .filter(([, lines]) => lines > 350);

  const list = (title: string, rows: readonly string[]) => {
    console.log(`${title}: ${rows.length}`);
    for (const row of rows.slice(0, 20)) console.log(`  ${row}`);
    if (rows.length > 20) console.log(`  (+${rows.length - 20} more)`);
  };
  console.log(`modules in src (tests left out): ${sources.length}`);
  list(
    'import cycles (dpdm)',
    cycles.map((cycle) => cycle.join(' -> ')),
  );
  list("imports into another feature's folder, not through its index.ts", crossFeature);
  list('imports from src/shared or src/storage into src/server', upward);
  list(
    'file names used more than once in src (index.ts left out)',
    sameNames.map(([name, list]) => `${name} ×${list.length}: ${list.join(', ')}`),
  );
  list(
    'test files over 350 lines',
    longTests.map(([file, lines]) => `${file} (${lines})`),
  );
  try {
    const out = execFileSync('duplicates', ['--repo', 'src', '--most', '20', '--seconds', '60'], {
      cwd: root,
      encoding: 'utf8',
    });
    console.log(`near-duplicate code in src (duplicates):\n${out.trimEnd()}`);
  } catch {
    console.log('near-duplicate code: the `duplicates` command is not installed here');
  }
}

await main();
