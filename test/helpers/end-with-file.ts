import type { ChildProcess } from 'node:child_process';

const running = new Set<ChildProcess>();
let listening = false;

/**
 * A long-running process this test file started (a server, a peer) is killed when the file's own
 * process exits, if it is still running then. A suite whose `after` hook fails skips its later
 * hooks, so the server a skipped hook would have stopped keeps running; with `--test-force-exit`
 * (scripts/test.sh) the file still ends and reports the failure, and this takes such a server
 * with it instead of leaving it orphaned for the rest of the run. (Before both, that file's
 * process waited for its server forever and the whole run hung.)
 */
export function endWithFile(child: ChildProcess): void {
  if (!listening) {
    listening = true;
    process.once('exit', () => {
      for (const left of running) left.kill('SIGKILL');
    });
  }
  running.add(child);
  child.once('exit', () => running.delete(child));
}
