/**
 * A node:test reporter that fails the run when a listed test file ran no test, or when no file
 * was listed at all: Node 20 exits 0 after running nothing (a directory, a glob it does not
 * expand, a file whose tests were never registered). scripts/test.sh passes the files it listed
 * in TEST_FILES, one per line. Plain JavaScript because Node loads reporters before tsx's hooks.
 */
import path from 'node:path';

/** @param {AsyncIterable<import('node:test/reporters').TestEvent>} source */
export default async function* everyFileRan(source) {
  const expected = (process.env.TEST_FILES ?? '')
    .split('\n')
    .filter(Boolean)
    .map((file) => path.resolve(file));
  /** @type {Map<string, number>} */
  const ran = new Map();
  /** @type {Map<string, number>} each file's time in its top-level tests and suites (hooks of a suite included) */
  const took = new Map();
  let passed = 0;
  let failed = 0;
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { details, file, name } = event.data;
    // Node reports each file as a test named by its path, which passes even when it ran nothing
    // (with --test-isolation=none only a file that registered no test, named as it was given).
    const isFile = file && path.resolve(name) === path.resolve(file);
    if (file && !isFile && event.data.nesting === 0)
      took.set(file, (took.get(file) ?? 0) + details.duration_ms);
    // A suite fails by itself when one of its hooks does (an `after` that could not clean up):
    // counted, or the closing line would say 0 failed of a run that failed. A suite that failed
    // because a test in it did is not counted again.
    if (details.type === 'suite' && file && !isFile && event.type === 'test:fail') {
      if (details.error?.failureType !== 'subtestsFailed') failed++;
      continue;
    }
    if (details.type === 'suite' || !file || isFile) continue;
    ran.set(file, (ran.get(file) ?? 0) + 1);
    if (event.type === 'test:pass') passed++;
    else failed++;
  }
  // The slowest files first: where a faster CI would start (issue 31).
  const slowest = [...took].sort((a, b) => b[1] - a[1]).slice(0, 12);
  if (slowest.length > 1) {
    yield 'slowest files:\n';
    for (const [file, ms] of slowest)
      yield `  ${(ms / 1000).toFixed(1).padStart(6)} s  ${path.relative(process.cwd(), file)}\n`;
  }
  // Each tier's files added up (one file after another): what a lane of that tier would take
  // alone, to weigh how the tiers are split between lanes (scripts/test.sh, decision 124).
  /** @type {Map<string, number>} */
  const tiers = new Map();
  for (const [file, ms] of took) {
    const tier = path.relative(process.cwd(), file).match(/^test\/(\w+)\//)?.[1] ?? 'unit';
    tiers.set(tier, (tiers.get(tier) ?? 0) + ms);
  }
  if (tiers.size > 1 || slowest.length > 1)
    yield `files' time by tier: ${[...tiers].map(([tier, ms]) => `${tier} ${(ms / 1000).toFixed(0)} s`).join(', ')}\n`;
  const silent = expected.filter((file) => !ran.get(file));
  const total = [...ran.values()].reduce((sum, count) => sum + count, 0);
  if (expected.length === 0 || silent.length > 0 || total === 0) {
    process.exitCode = 1;
    if (expected.length === 0) yield 'no test files were listed\n';
    for (const file of silent) yield `no test ran in ${path.relative(process.cwd(), file)}\n`;
  }
  yield `${total} tests in ${ran.size} of ${expected.length} files\n`;
  // The plain closing line any CI reads, whatever reporter printed above it.
  yield `${passed} passed, ${failed} failed\n`;
}
