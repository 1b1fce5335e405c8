import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import { removeWithFile } from './end-with-file';
import { type RunningServer, type StartOptions, startServer } from './server';

/**
 * Starts the built server before the enclosing suite's tests and stops it after them. Call it
 * inside `describe`; the tests read `server.url`, `server.dataDir`… once the suite has started.
 * Hooks a suite adds after this call (signing in, fetching a page) run once the server is up.
 */
export function suiteServer(options?: StartOptions): RunningServer {
  let running: RunningServer | undefined;
  before(async () => {
    running = await startServer(options);
  });
  after(() => running?.stop());
  const current = () => {
    if (!running) throw new Error('the suite server starts in the suite before hook');
    return running;
  };
  return {
    get url() {
      return current().url;
    },
    get dataDir() {
      return current().dataDir;
    },
    get process() {
      return current().process;
    },
    output: () => current().output(),
    stop: (signal) => current().stop(signal),
  };
}

/**
 * Returns a maker of fresh temporary directories, all removed when the test file's process ends.
 * Not in an `after` hook: a suite's hooks run in the order they were added, and this one, added at
 * the top of the suite, ran before the hook that stops the suite's server, which was still writing
 * into its data directory. The removal then failed (ENOTEMPTY), and a failing hook skips the
 * hooks after it: the server was never stopped, and its file, and the whole run, waited for it.
 */
export function suiteTempDirs(label: string): () => Promise<string> {
  return async () => {
    const dir = await mkdtemp(path.join(tmpdir(), `doodles-${label}-`));
    removeWithFile(dir);
    return dir;
  };
}
