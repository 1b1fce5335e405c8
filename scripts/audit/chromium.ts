import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Debian's Chromium, for the audit (Lighthouse) and the benchmarks: nothing downloads a browser of its own. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's Chromium headless shell (package chromium-headless-shell, the same Blink and V8 as
 * `chromium`), for the browser tests: what Playwright itself runs headless tests on. The full
 * browser's headless mode draws every window as Chrome would; the shell does not, and loading the
 * landing page cost 0.16-0.18 CPU-seconds in it against 0.40-0.50, and the browser tier 519
 * CPU-seconds against about 1,170 (issue 31, decision 124).
 */
export const TEST_CHROMIUM = process.env.TEST_CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

/** Flags that keep Chromium off the network: this machine has none but the package registries. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Starts the machine's Chromium with a DevTools port, for tools that drive it themselves (Lighthouse). */
export async function startChromiumWithDebugPort(): Promise<{ port: number; stop: () => Promise<void> }> {
  const profile = await mkdtemp(path.join(tmpdir(), 'doodles-chromium-'));
  const child = spawn(
    CHROMIUM,
    [...CHROMIUM_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Chromium did not start:\n${stderr}`)), 20_000);
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      const match = stderr.match(/DevTools listening on ws:\/\/[^:]+:(\d+)\//);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`Chromium exited with ${code}:\n${stderr}`)));
  });
  return {
    port,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      await rm(profile, { recursive: true, force: true });
    },
  };
}
