import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Starts scripts/bench/baseline-server.ts (through tsx) and resolves once it listens. */
export async function startBaseline(mode: string, file: string) {
  const script = path.join(import.meta.dirname, 'baseline-server.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script, mode, file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = output.match(/listening on (http:\/\/\S+)/);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`baseline ${mode} exited with ${code}`)));
  });
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
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
