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
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { details, file, name } = event.data;
    // Node reports each file as a test named by its path, which passes even when it ran nothing.
    if (details.type === 'suite' || !file || name === file) continue;
    ran.set(file, (ran.get(file) ?? 0) + 1);
  }
  const silent = expected.filter((file) => !ran.get(file));
  const total = [...ran.values()].reduce((sum, count) => sum + count, 0);
  if (expected.length === 0 || silent.length > 0 || total === 0) {
    process.exitCode = 1;
    if (expected.length === 0) yield 'no test files were listed\n';
    for (const file of silent) yield `no test ran in ${path.relative(process.cwd(), file)}\n`;
  }
  yield `${total} tests in ${ran.size} of ${expected.length} files\n`;
}
