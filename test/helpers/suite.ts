import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
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
 * Returns a maker of fresh temporary directories, all removed after the enclosing suite (or,
 * called at a file's top level, after the file).
 */
export function suiteTempDirs(label: string): () => Promise<string> {
  const dirs: string[] = [];
  after(() => Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true }))));
  return async () => {
    const dir = await mkdtemp(path.join(tmpdir(), `doodles-${label}-`));
    dirs.push(dir);
    return dir;
  };
}
