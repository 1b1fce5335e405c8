/**
 * No container engine runs here, so this reproduces the Dockerfile's runtime stage in a temporary
 * directory: production dependencies only, installed from the lockfile; the built dist/ and
 * public/; started as the image's CMD would start it, with a fresh data directory.
 */
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { distDir } from '../helpers/server';

const run = promisify(execFile);
const root = path.resolve('.');

/** The runtime stage of the Dockerfile: its ENV, COPY sources and CMD. */
async function runtimeStage() {
  const dockerfile = await readFile(path.join(root, 'Dockerfile'), 'utf8');
  const stage = dockerfile.split(/^FROM /m).find((part) => /AS runtime/.test(part));
  assert.ok(stage, 'Dockerfile has a runtime stage');
  const copies = [...stage.matchAll(/^COPY (?:--from=(\S+) )?(\S+) (\S+)$/gm)].map((m) => ({
    from: m[1],
    source: m[2] ?? '',
  }));
  const cmd = JSON.parse(stage.match(/^CMD (\[.*\])$/m)?.[1] ?? '[]') as string[];
  return { stage, copies, cmd };
}

describe('the Dockerfile runtime stage, reproduced', () => {
  let appDir: string;
  let dataDir: string;
  let url: string;
  let stopServer: () => Promise<void>;

  before(async () => {
    const { copies, cmd } = await runtimeStage();
    appDir = await mkdtemp(path.join(tmpdir(), 'doodles-runtime-'));
    dataDir = await mkdtemp(path.join(tmpdir(), 'doodles-runtime-data-'));
    // The same inputs the runtime stage copies, taken from where each stage makes them.
    for (const { from, source } of copies) {
      if (from === 'prod-deps') continue;
      const src = from === 'build' && source === '/app/dist' ? distDir : path.join(root, source);
      await cp(src, path.join(appDir, path.basename(source === '/app/dist' ? 'dist' : source)), {
        recursive: true,
      });
    }
    await cp(path.join(root, 'package-lock.json'), path.join(appDir, 'package-lock.json'));
    await run('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--ignore-scripts'], {
      cwd: appDir,
      timeout: 240_000,
    });

    const [node, ...args] = cmd;
    assert.equal(node, 'node');
    const child = spawn(process.execPath, args, {
      cwd: appDir,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr.on('data', (chunk) => (output += chunk));
    url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`runtime did not start: ${output}`)), 20_000);
      child.stdout.on('data', (chunk) => {
        output += chunk;
        const match = output.match(/listening on http:\/\/\S+:(\d+)/);
        if (match) {
          clearTimeout(timer);
          resolve(`http://127.0.0.1:${match[1]}`);
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`runtime exited ${code}: ${output}`));
      });
    });
    stopServer = async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    };
  });

  after(async () => {
    await stopServer?.();
    await rm(appDir, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });

  test('holds only production dependencies', async () => {
    const lock = JSON.parse(await readFile(path.join(appDir, 'package-lock.json'), 'utf8'));
    const installed = await run('npm', ['ls', '--omit=dev', '--depth=0', '--json'], { cwd: appDir });
    const listed: Record<string, { extraneous?: boolean }> = JSON.parse(installed.stdout).dependencies ?? {};
    const names = Object.keys(listed).filter((name) => !listed[name]?.extraneous);
    assert.deepEqual(names.sort(), Object.keys(lock.packages[''].dependencies).sort());
    // npm ci --omit=dev still installs a package the lock marks devOptional (a dev dependency that
    // is also an optional one of a production package, e.g. tslib for sharp's wasm build): only those.
    for (const name of Object.keys(listed).filter((n) => listed[n]?.extraneous)) {
      assert.equal(lock.packages[`node_modules/${name}`]?.devOptional, true, `${name} is extraneous`);
    }
    await assert.rejects(readFile(path.join(appDir, 'node_modules/esbuild/package.json')));
  });

  test('answers /healthz', async () => {
    const res = await fetch(`${url}/healthz`);
    assert.equal(res.status, 200);
  });

  test('serves the landing page and its assets', async () => {
    const res = await fetch(`${url}/`);
    assert.equal(res.status, 200);
    const page = await res.text();
    const script = page.match(/<script type="module" src="([^"]+)"/)?.[1];
    assert.ok(script);
    assert.equal((await fetch(`${url}${script}`)).status, 200);
  });

  test('stores an inquiry', async () => {
    const res = await fetch(`${url}/api/inquiries`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: 'Runtime Check',
        email: 'runtime@example.com',
        message: 'Is Daisy still available?',
      }),
    });
    assert.equal(res.status, 201);
    const { id } = (await res.json()) as { id: string };
    const stored = JSON.parse(await readFile(path.join(dataDir, 'inquiries.json'), 'utf8'));
    assert.ok(stored.inquiries.some((inquiry: { id: string }) => inquiry.id === id));
  });

  test('makes and checks a backup of the running site, as `docker exec … backup.js` would', async () => {
    const backups = await mkdtemp(path.join(tmpdir(), 'doodles-runtime-backups-'));
    try {
      const env = { PATH: process.env.PATH, NODE_ENV: 'production', DATA_DIR: dataDir, BACKUP_DIR: backups };
      const made = await run('node', ['dist/server/backup.js'], { cwd: appDir, env });
      assert.match(made.stdout, /from the running site/);
      const [archive] = await readdir(backups);
      assert.match(archive ?? '', /^saguaro-doodles-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar\.gz$/);
      const checked = await run(
        'node',
        ['dist/server/backup.js', '--verify', path.join(backups, archive ?? '')],
        {
          cwd: appDir,
          env,
        },
      );
      assert.match(checked.stdout, /^OK: /);
    } finally {
      await rm(backups, { recursive: true, force: true });
    }
  });
});
