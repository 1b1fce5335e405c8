import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The servers run on this core, wrk on the other: neither steals the other's CPU. */
const SERVER_CPU = 0;
export const LOAD_CPU = 1;

const root = path.resolve(import.meta.dirname, '..', '..');
export const distDir = path.resolve(root, process.env.OUT_DIR ?? 'dist');

export interface Running {
  url: string;
  pid: number;
  stop: () => Promise<void>;
}

/**
 * Starts `command` pinned to SERVER_CPU with its output in a file (as a container's log driver
 * would take it; reading a pipe here would put the bench's own work into the measurement), and
 * resolves once it prints "listening on http://…".
 */
async function startPinned(command: string[], env: NodeJS.ProcessEnv, name: string): Promise<Running> {
  const logDir = await mkdtemp(path.join(tmpdir(), 'doodles-bench-log-'));
  const logFile = path.join(logDir, `${name}.log`);
  const log = await open(logFile, 'w');
  const child: ChildProcess = spawn('taskset', ['-c', String(SERVER_CPU), ...command], {
    env,
    stdio: ['ignore', log.fd, log.fd],
  });
  await log.close();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const output = () => readFile(logFile, 'utf8').catch(() => '');
  const deadline = Date.now() + 20_000;
  let url: string | undefined;
  while (!url) {
    url = (await output()).match(/listening on (http:\/\/\S+)/)?.[1]?.replace('localhost', '127.0.0.1');
    if (url) break;
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`${name} did not start:\n${await output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    pid: child.pid ?? 0,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      await rm(logDir, { recursive: true, force: true });
    },
  };
}

/** The built server as production runs it (NODE_ENV=production, default LOG_LEVEL=info). */
export function startSite(dataDir: string, env: Record<string, string> = {}): Promise<Running> {
  return startPinned(
    [process.execPath, path.join(distDir, 'server/main.js')],
    {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      INQUIRY_RATE_LIMIT: 'off',
      ...env,
    },
    'site',
  );
}

type FloorMode = 'express' | 'node-http';

/** A floor (floor-server.ts) serving the answers recorded in `spec`. */
export function startFloor(mode: FloorMode, spec: string): Promise<Running> {
  const script = path.join(import.meta.dirname, 'floor-server.ts');
  return startPinned(
    [process.execPath, '--import', 'tsx', script, mode, spec],
    { ...process.env, NODE_ENV: 'production' },
    `floor-${mode}`,
  );
}

/** A process's resident memory in MB, from /proc (Linux). */
export function residentMemoryMb(pid: number): number {
  try {
    const kb = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m)?.[1];
    return kb ? Number(kb) / 1024 : 0;
  } catch {
    return 0;
  }
}
