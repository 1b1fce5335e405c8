import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';

const running = new Set<ChildProcess>();
const folders: string[] = [];
let listening = false;

/** One handler when the test file's process exits: what still runs is killed, then folders go. */
function atExit(): void {
  if (listening) return;
  listening = true;
  process.once('exit', () => {
    for (const left of running) left.kill('SIGKILL');
    for (const folder of folders.splice(0)) {
      try {
        rmSync(folder, { recursive: true, force: true, maxRetries: 3 });
      } catch {
        // A folder left in the system's temp folder is no failure of any test.
      }
    }
  });
}

/**
 * A long-running process this test file started (a server, a peer) is killed when the file's own
 * process exits, if it is still running then. A suite whose `after` hook fails skips its later
 * hooks, so the server a skipped hook would have stopped keeps running; with `--test-force-exit`
 * (scripts/test.sh) the file still ends and reports the failure, and this takes such a server
 * with it instead of leaving it orphaned for the rest of the run. (Before both, that file's
 * process waited for its server forever and the whole run hung.)
 */
export function endWithFile(child: ChildProcess): void {
  atExit();
  running.add(child);
  child.once('exit', () => running.delete(child));
}

/** A temporary folder removed when the test file's process exits, after what still ran in it is killed. */
export function removeWithFile(folder: string): void {
  atExit();
  folders.push(folder);
}
