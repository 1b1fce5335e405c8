/**
 * scripts/test.sh as `npm run test:unit` runs it: unit files in several Node processes side by
 * side, each running its files in itself (isolation none, decision 124). A listed file that ran
 * no test must still fail the run, and the closing line must count every process's tests.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

function testScript(files: string[], env: Record<string, string>, timeout = 0) {
  // Without the variables node:test sets for this file's own run (NODE_TEST_CONTEXT would make the
  // inner run a child reporting to a parent that is not there).
  const outer = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('NODE_TEST')),
  );
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(
      'bash',
      ['scripts/test.sh', ...files],
      { cwd: root, env: { ...outer, ...env }, timeout },
      (_error, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }),
    );
  });
}

test('two unit processes: a file that ran no test fails the run; the closing line counts both processes', async () => {
  // Dealt in turn: passes.ts and passes-too.ts share the first process, no-test.ts is alone in the second.
  const { code, stdout, stderr } = await testScript(
    [
      'scripts/test/fixtures/passes.ts',
      'scripts/test/fixtures/no-test.ts',
      'scripts/test/fixtures/passes-too.ts',
    ],
    { UNIT_PROCESSES: '2' },
  );
  assert.equal(code, 1, stdout + stderr);
  assert.match(stderr, /^no test ran in scripts\/test\/fixtures\/no-test\.ts$/m);
  assert.match(stderr, /^2 tests in 2 of 2 files$/m);
  assert.match(stderr, /^0 tests in 0 of 1 files$/m);
  assert.match(stdout, /a test that passes/);
  assert.match(stdout, /another test that passes/);
  assert.equal(stdout.trimEnd().split('\n').at(-1), '2 passed, 0 failed');
});

test('a file whose failing hook skips the stop of a process it started still ends, fails the run and takes that process with it; its failure is printed again last', async () => {
  const { code, stdout, stderr } = await testScript(
    ['scripts/test/fixtures/hook-fails-holding-child.ts', 'scripts/test/fixtures/passes.ts'],
    { UNIT_PROCESSES: '2' },
    120_000,
  );
  assert.equal(code, 1, stdout + stderr);
  const pid = Number(stdout.match(/^started (\d+)$/m)?.[1]);
  assert.ok(pid > 0, stdout);
  // Dead: no such process, or a zombie (killed, not yet reaped by whichever process adopted it:
  // a container's first process, or a subreaper, may reap late).
  const dead = async () => {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
    return stat === null || /^\d+ \(.*\) Z /.test(stat);
  };
  const gone = async () => {
    for (let i = 0; i < 50; i++) {
      if (await dead()) return true;
      await sleep(100);
    }
    return false;
  };
  assert.ok(await gone(), `the process the file started (${pid}) is not left running`);
  const again = stdout.slice(stdout.indexOf('=== the failures of the unit-1 run, again ==='));
  assert.match(again, /the first after hook fails/);
  assert.match(stdout.trimEnd().split('\n').at(-1) ?? '', /^\d+ passed, 1 failed$/);
});
