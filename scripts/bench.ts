/**
 * npm run bench: builds if stale, runs the built server as production does (on 127.0.0.1, a free
 * port, a temporary DATA_DIR, INQUIRY_RATE_LIMIT=off) and loads it with autocannon, then prints
 * one table. Each section below starts its own server and returns rows; add a section to add rows.
 * Bounded in requests and seconds: about 30 s in all.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon, { type Options, type Result } from 'autocannon';
import type { Inquiry } from '../src/shared/api';
import { distDir, type RunningServer, startServer } from '../test/helpers/server';
import { landingFirstLoad } from './bench/bundle-size';
import { benchInbox, printInboxFigures } from './bench/inbox';
import { residentMemoryMb, startBaseline } from './bench/processes';

interface Row {
  scenario: string;
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** Non-2xx answers, errors and timeouts together: anything but 0 makes the row suspect. */
  failed: number;
  note?: string;
}

type Section = () => Promise<Row[]>;

const INQUIRY_REQUESTS = 2000;
const LANDING_CONNECTIONS = 20;
const LANDING_ROUNDS = 3;
const SEEDED = 10_000;

const inquiry = {
  name: 'Bench Family',
  email: 'bench@example.com',
  phone: '555-0100',
  message: 'We would love to meet the puppies and hear more about bringing one home this spring.',
};

const postInquiries = (url: string): Options => ({
  url: `${url}/api/inquiries`,
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(inquiry),
});

const getLanding = (url: string): Options => ({ url: `${url}/` });

function toRow(scenario: string, result: Result, note?: string): Row {
  return {
    scenario,
    requests: result.requests.sent,
    perSecond: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
    ...(note ? { note } : {}),
  };
}

/** A realistic inquiries.json of `count` inquiries, in the server's format. */
async function seedInquiries(dataDir: string, count: number): Promise<void> {
  const start = Date.parse('2025-03-01T00:00:00Z');
  const inquiries: Inquiry[] = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    name: `Family ${i}`,
    email: `family${i}@example.com`,
    ...(i % 2 ? { phone: '555-0100' } : {}),
    message: `${inquiry.message} ${'We have a fenced yard and two kids who cannot wait. '.repeat(3)}`,
    createdAt: new Date(start + i * 60_000).toISOString(),
  }));
  await writeFile(path.join(dataDir, 'inquiries.json'), `${JSON.stringify({ version: 1, inquiries })}\n`);
}

async function storedCount(dataDir: string): Promise<number> {
  const file = JSON.parse(await readFile(path.join(dataDir, 'inquiries.json'), 'utf8'));
  return file.inquiries.length;
}

/** Runs `measure` against a fresh server whose data directory holds `seeded` inquiries. */
async function withServer(seeded: number, measure: (server: RunningServer) => Promise<Row[]>) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'doodles-bench-'));
  if (seeded > 0) await seedInquiries(dataDir, seeded);
  // LOG_LEVEL=error: a request log line per request would measure this script's pipe reading.
  const server = await startServer({ dataDir, env: { INQUIRY_RATE_LIMIT: 'off', LOG_LEVEL: 'error' } });
  try {
    return await measure(server);
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Inquiry submissions: each answer waits for its batch's fsync'd write. */
const submissions =
  (seeded: number): Section =>
  () =>
    withServer(seeded, async (server) => {
      const result = await autocannon({
        ...postInquiries(server.url),
        connections: 10,
        amount: INQUIRY_REQUESTS,
      });
      const stored = await storedCount(server.dataDir);
      const note = `${stored - seeded} of ${result['2xx']} acknowledged stored`;
      return [toRow(`POST /api/inquiries, ${seeded.toLocaleString('en-US')} stored`, result, note)];
    });

/** The landing page alone, then while a burst of inquiries is being stored. */
const landingUnderBurst: Section = () =>
  withServer(SEEDED, async (server) => {
    const idle = await autocannon({ ...getLanding(server.url), connections: 10, duration: 3 });
    const [landing, burst] = await Promise.all([
      autocannon({ ...getLanding(server.url), connections: 10, duration: 5 }),
      autocannon({ ...postInquiries(server.url), connections: 50, duration: 5 }),
    ]);
    return [
      toRow('GET /, idle', idle),
      toRow('GET /, during an inquiry burst', landing),
      toRow(
        '  the burst: POST /api/inquiries',
        burst,
        `50 connections, ${SEEDED.toLocaleString('en-US')}+ stored`,
      ),
    ];
  });

/**
 * GET / against three floors that send the identical bytes: a bare Express handler from memory
 * (the target is at least 0.9x its req/s), express.static from a file, and a bare node:http
 * server. All four run at once, each in its own process, and are measured in interleaved rounds
 * so that noise from the rest of the machine falls on all of them alike.
 */
const landingAgainstBaselines: Section = () =>
  withServer(0, async (server) => {
    const bytes = Buffer.from(await (await fetch(`${server.url}/`)).arrayBuffer());
    const file = path.join(server.dataDir, 'landing.html');
    await writeFile(file, bytes);
    const modes = ['express-memory', 'express-static', 'node-http'] as const;
    const baselines = await Promise.all(modes.map((mode) => startBaseline(mode, file)));
    try {
      const targets = [server.url, ...baselines.map((baseline) => baseline.url)];
      const results: Result[][] = targets.map(() => []);
      for (let round = 0; round < LANDING_ROUNDS; round++) {
        for (const [i, url] of targets.entries()) {
          results[i]?.push(
            await autocannon({ ...getLanding(url), connections: LANDING_CONNECTIONS, duration: 2 }),
          );
        }
      }
      const [ours, ...floors] = results.map(mergeResults);
      if (!ours) throw new Error('no measurement');
      return [
        toRow('GET / (this server)', ours, `${bytes.length} bytes; the floors below send the same bytes`),
        ...floors.map((floor, i) =>
          toRow(
            `  floor: ${modes[i]}`,
            floor,
            `this server = ${(rate(ours) / rate(floor)).toFixed(2)}x its req/s`,
          ),
        ),
      ];
    } finally {
      await Promise.all(baselines.map((baseline) => baseline.stop()));
    }
  });

const rate = (result: Result) => result['2xx'] / result.duration;

/** Several rounds as one result: summed counts and durations, the worst round's percentiles. */
function mergeResults(rounds: Result[]): Result {
  const [first, ...rest] = rounds;
  if (!first) throw new Error('no rounds');
  const merged: Result = {
    ...first,
    requests: { ...first.requests },
    latency: { ...first.latency },
  };
  for (const r of rest) {
    merged['2xx'] += r['2xx'];
    merged.non2xx += r.non2xx;
    merged.errors += r.errors;
    merged.timeouts += r.timeouts;
    merged.duration += r.duration;
    merged.requests.sent += r.requests.sent;
    merged.latency.p50 = Math.max(merged.latency.p50, r.latency.p50);
    merged.latency.p99 = Math.max(merged.latency.p99, r.latency.p99);
  }
  return merged;
}

/** Peak resident memory of the server while it serves pages and stores a burst of inquiries. */
const memoryUnderLoad: Section = () =>
  withServer(SEEDED, async (server) => {
    const pid = server.process.pid ?? 0;
    let peak = 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, residentMemoryMb(pid));
    }, 100);
    const [landing] = await Promise.all([
      autocannon({ ...getLanding(server.url), connections: 10, duration: 5 }),
      autocannon({ ...postInquiries(server.url), connections: 20, duration: 5 }),
    ]);
    clearInterval(sampler);
    return [toRow('GET / + inquiry burst: server memory', landing, `peak RSS ${peak.toFixed(0)} MB`)];
  });

/** The dashboard at 10,000 inquiries (scripts/bench/inbox.ts): its figures print as they come. */
const inboxAtTenThousand: Section = async () => {
  const figures = await benchInbox();
  printInboxFigures(figures);
  if (figures.some((figure) => !figure.met)) process.exitCode = 1;
  return [];
};

/** `npm run bench -- floors inquiries` runs only the named sections. */
const sections: Record<string, Section[]> = {
  floors: [landingAgainstBaselines],
  inquiries: [submissions(0), submissions(SEEDED)],
  burst: [landingUnderBurst],
  memory: [memoryUnderLoad],
  inbox: [inboxAtTenThousand],
};

function printTable(rows: Row[]): void {
  const header = ['scenario', 'requests', 'ok/s', 'p50 ms', 'p99 ms', 'failed', 'note'];
  const cells = rows.map((row) => [
    row.scenario,
    String(row.requests),
    row.perSecond.toFixed(0),
    row.p50.toFixed(1),
    row.p99.toFixed(1),
    String(row.failed),
    row.note ?? '',
  ]);
  const widths = header.map((title, i) =>
    Math.max(title.length, ...cells.map((cell) => cell[i]?.length ?? 0)),
  );
  const line = (values: string[]) =>
    `| ${values.map((value, i) => (i === 0 || i === 6 ? value.padEnd(widths[i] ?? 0) : value.padStart(widths[i] ?? 0))).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const cell of cells) console.log(line(cell));
}

async function main(): Promise<void> {
  execFileSync('npx', ['tsx', 'esbuild.config.ts', '--if-stale'], { stdio: 'inherit' });
  const started = performance.now();
  const rows: Row[] = [];
  const chosen = process.argv.slice(2);
  for (const [name, group] of Object.entries(sections)) {
    if (chosen.length > 0 && !chosen.includes(name)) continue;
    for (const section of group) rows.push(...(await section()));
  }
  console.log(
    `\nNode ${process.version}, ${cpus().length} CPUs, autocannon in this process; ${((performance.now() - started) / 1000).toFixed(0)} s\n`,
  );
  printTable(rows);
  const size = await landingFirstLoad(distDir);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(
    `\nLanding page first-load JavaScript (${size.files} files): ${kb(size.raw)} raw, ${kb(size.gzip)} gzip -9, ${kb(size.brotli)} brotli (what browsers get); target 80 KB gzip`,
  );
}

await main();
