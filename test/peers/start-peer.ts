import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { type ParsedMail, simpleParser } from 'mailparser';
import { endWithFile } from '../helpers/end-with-file';

const here = path.dirname(fileURLToPath(import.meta.url));

/** A test peer (SMTP server, webhook receiver) running in its own process on 127.0.0.1. */
export interface Peer {
  port: number;
  /** Where it writes what it received, one file per message or request. */
  dir: string;
  /** The files received so far, in order. */
  files(): Promise<string[]>;
  /** Resolves with the first `count` files once they are there; fails after `timeoutMs`. */
  waitFor(count: number, timeoutMs: number): Promise<string[]>;
  stop(): Promise<void>;
}

interface PeerOptions {
  /** 0 picks a free one. */
  port?: number;
  /** Comma-separated answers in turn, the last repeating ("451,250"). */
  answers?: string;
  /** Pin the peer to this CPU (the bench keeps it off the server's core). */
  cpu?: number;
}

export function startSmtpPeer(options: PeerOptions & { auth?: string } = {}): Promise<Peer> {
  return startPeer('smtp-peer.ts', '.eml', [options.answers ?? '250', options.auth ?? ''], options);
}

export function startWebhookPeer(options: PeerOptions & { secret: string }): Promise<Peer> {
  return startPeer('webhook-peer.ts', '.json', [options.answers ?? '204', options.secret], options);
}

/** A port nothing listens on right now (to start a peer on later, or to find refused). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export function parseMail(file: string): Promise<ParsedMail> {
  return readFile(file).then((raw) => simpleParser(raw));
}

async function startPeer(script: string, ext: string, args: string[], options: PeerOptions): Promise<Peer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'doodles-peer-'));
  const command = [
    process.execPath,
    '--import',
    'tsx',
    path.join(here, script),
    String(options.port ?? 0),
    dir,
    ...args,
  ];
  const pinned = options.cpu === undefined ? command : ['taskset', '-c', String(options.cpu), ...command];
  const child: ChildProcess = spawn(pinned[0] as string, pinned.slice(1), {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  endWithFile(child);
  let output = '';
  const listening = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} did not start: ${output}`)), 15_000);
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      const match = output.match(/listening (\d+)/);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code}: ${output}`));
    });
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const files = async () =>
    (await readdir(dir))
      .filter((name) => name.endsWith(ext))
      .sort()
      .map((name) => path.join(dir, name));
  return {
    port: listening,
    dir,
    files,
    async waitFor(count, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = await files();
        if (found.length >= count) return found.slice(0, count);
        if (Date.now() > deadline)
          throw new Error(`${script}: ${found.length} of ${count} received within ${timeoutMs} ms`);
        await sleep(100);
      }
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
