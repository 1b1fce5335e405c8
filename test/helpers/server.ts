import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { endWithFile } from './end-with-file';

/** The build under test: `npm test` builds it first; OUT_DIR lets parallel runs use their own. */
export const distDir = path.resolve(process.env.OUT_DIR ?? 'dist');

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  /** Everything the server printed so far. */
  output: () => string;
  /** SIGTERM (or the given signal), then wait for the exit. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

export interface StartOptions {
  env?: Record<string, string>;
  /** Reuse a data directory (e.g. to test a restart); by default a fresh temporary one. */
  dataDir?: string;
  /** Keep the data directory after stop (the caller removes it). */
  keepData?: boolean;
  /** Run the server as this uid/gid (root ignores file modes; the container runs unprivileged). */
  runAs?: number;
}

/** Starts the built server (dist/server/main.js) on a free port, as production runs it. */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'doodles-test-')));
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(distDir, 'server/main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // Browser tests fill the form faster than a person: the time trap is tested where asked for.
      SPAM_FAST_SECONDS: '0',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(options.runAs === undefined ? {} : { uid: options.runAs, gid: options.runAs }),
  });
  endWithFile(child);
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));

  // 'close', not 'exit': the output is whole only once the pipes are drained too.
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    // 30 s: a loaded 2-core machine has taken 13–15 s to start one. A server that did not start
    // in time is killed, or its test file's process would wait for it forever.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start in 30 s:\n${output}`));
    }, 30_000);
    const onData = () => {
      const match = output.match(/listening on (http:\/\/\S+)/);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1].replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });

  return {
    url,
    dataDir,
    process: child,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const code = await exited;
      if (!options.keepData && !options.dataDir) await rm(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

/** Runs the built server expecting it to refuse to start; resolves with its exit code and output. */
export async function runServerExpectingFailure(env: Record<string, string>) {
  const child = spawn(process.execPath, [path.join(distDir, 'server/main.js')], {
    env: { ...process.env, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  // 30 s, as for a start: a loaded machine has taken 7 s to read and refuse a data directory.
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearTimeout(timer);
  return { code, output };
}
