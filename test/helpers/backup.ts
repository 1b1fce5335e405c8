import { spawn } from 'node:child_process';
import path from 'node:path';
import { distDir } from './server';

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a built CLI (dist/server/backup.js, restore.js) with DATA_DIR and `env`. */
export function runBuilt(
  script: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
): Promise<CommandResult> {
  const child = spawn(process.execPath, [path.join(distDir, `server/${script}.js`), ...args], {
    env: { ...process.env, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

/** Runs a built CLI and fails the test with its output if it does not succeed. */
export async function runBuiltOk(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const result = await runBuilt(script, args, env);
  if (result.code !== 0)
    throw new Error(`${script} ${args.join(' ')} failed (${result.code}):\n${result.stderr}${result.stdout}`);
  return result;
}
