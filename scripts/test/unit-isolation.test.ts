/**
 * The unit tier runs its files together in one Node process (scripts/test.sh, isolation none:
 * decision 124), so a unit file must leave nothing behind for the files after it. These are the
 * ways one could, found by reading the file; each test names the files that do it.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

function unitFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : unitFiles(file);
    return entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

const files = [...unitFiles('src'), ...unitFiles('scripts')].map((file) => ({
  file,
  text: readFileSync(path.join(root, file), 'utf8'),
}));

const offenders = (pattern: RegExp) => files.filter(({ text }) => pattern.test(text)).map(({ file }) => file);

test('the unit files are found', () => {
  assert.ok(files.length > 50, `${files.length} files`);
  assert.ok(files.some(({ file }) => file === path.join('scripts', 'test', 'unit-isolation.test.ts')));
});

test('no unit file has a beforeEach or afterEach outside a describe: it would run around every file’s tests', () => {
  assert.deepEqual(offenders(/^(beforeEach|afterEach)\(/m), []);
});

test('no unit file changes the environment, the working directory or the umask of the process', () => {
  assert.deepEqual(offenders(/process\.env(\.\w+|\[[^\]]+\])\s*(=[^=]|\?\?=)|delete process\.env/), []);
  assert.deepEqual(offenders(/process\.(chdir|umask)\(/), []);
});

test('a unit file that fakes the clock with the shared mock (not its test’s t.mock) puts it back', () => {
  const enabling = offenders(/(?<![.\w])mock\.timers\.enable\(/);
  const resetting = new Set(offenders(/(?<![.\w])mock\.timers\.reset\(\)/));
  assert.deepEqual(
    enabling.filter((file) => !resetting.has(file)),
    [],
  );
});
