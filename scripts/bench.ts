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
import { type RunningServer, startServer } from '../test/helpers/server';

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

const sections: Section[] = [submissions(0), submissions(SEEDED), landingUnderBurst];

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
  for (const section of sections) rows.push(...(await section()));
  console.log(
    `\nNode ${process.version}, ${cpus().length} CPUs, autocannon in this process; ${((performance.now() - started) / 1000).toFixed(0)} s\n`,
  );
  printTable(rows);
}

await main();
