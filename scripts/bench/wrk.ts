import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { LOAD_CPU } from './processes';
import type { Row } from './types';

const run = promisify(execFile);

export interface WrkOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  seconds: number;
  /**
   * Also return the round's whole latency histogram (for pooling rounds). Off by default: with
   * every scenario reading it, the floors' ratio of / to the node:http floor fell from 0.59–0.71
   * to 0.49 (two runs, 2026-11-26), so only the notices bench, which needs it, asks for it.
   */
  histogram?: boolean;
}

export interface WrkResult {
  requests: number;
  seconds: number;
  bytes: number;
  /** Connect/read/write errors, timeouts and non-2xx/3xx answers. */
  failed: number;
  p50: number;
  p99: number;
  /** With `histogram`: every distinct latency (ms) with how many requests took it; else empty. */
  latency: [number, number][];
}

/** A Lua string literal that no body can end early. */
const luaString = (text: string) => `[==[${text.replaceAll(']==]', ']==].."]==]"..[==[')}]==]`;

/** The request, and a done() that prints wrk's summary as one JSON line (no text parsing). */
function luaScript(options: WrkOptions): string {
  const headers = Object.entries(options.headers ?? {})
    .map(([name, value]) => `wrk.headers[ ${luaString(name)} ] = ${luaString(value)}`)
    .join('\n');
  return `wrk.method = "${options.method ?? 'GET'}"
${options.body === undefined ? '' : `wrk.body = ${luaString(options.body)}`}
${headers}
done = function(summary, latency, requests)
  local e = summary.errors
  -- With histogram: every distinct latency with its count, so rounds can be pooled exactly.
  local counts = {}
  if ${options.histogram ? 'true' : 'false'} then
    for i = 1, #latency do
      local value, count = latency(i)
      counts[#counts + 1] = string.format('[%d,%d]', value, count)
    end
  end
  io.write(string.format('{"requests":%d,"us":%d,"bytes":%d,"failed":%d,"p50":%d,"p99":%d,"latency":[%s]}\\n',
    summary.requests, summary.duration, summary.bytes,
    e.connect + e.read + e.write + e.status + e.timeout,
    latency:percentile(50), latency:percentile(99), table.concat(counts, ',')))
end
`;
}

/**
 * Runs Debian's wrk with one thread, pinned to LOAD_CPU (the servers run on the other core), so
 * the generator neither shares a core with the server nor is itself the limit (autocannon, in
 * Node, saturated near 7k req/s here). Needs `apt-get install wrk`.
 */
export async function wrk(options: WrkOptions): Promise<WrkResult> {
  const dir = await mkdtemp(path.join(tmpdir(), 'doodles-wrk-'));
  try {
    const script = path.join(dir, 'request.lua');
    await writeFile(script, luaScript(options));
    const args = ['-c', String(LOAD_CPU), 'wrk', '-t1', `-c${options.connections}`];
    args.push(`-d${options.seconds}s`, '--timeout', '5s', '-s', script, options.url);
    const { stdout } = await run('taskset', args, { maxBuffer: 1 << 24 }).catch((error) => {
      throw new Error(
        (error as NodeJS.ErrnoException).code === 'ENOENT'
          ? 'wrk or taskset is missing: apt-get install wrk util-linux'
          : `wrk failed: ${String(error)}`,
      );
    });
    const line = stdout.split('\n').find((text) => text.startsWith('{"requests"'));
    if (!line) throw new Error(`wrk printed no summary:\n${stdout}`);
    const raw = JSON.parse(line) as {
      requests: number;
      us: number;
      bytes: number;
      failed: number;
      p50: number;
      p99: number;
      latency: [number, number][];
    };
    return {
      requests: raw.requests,
      seconds: raw.us / 1e6,
      bytes: raw.bytes,
      failed: raw.failed,
      p50: raw.p50 / 1000,
      p99: raw.p99 / 1000,
      latency: raw.latency.map(([us, count]) => [us / 1000, count]),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Answers that were not failures, per second. */
export const okPerSecond = (result: WrkResult) => (result.requests - result.failed) / result.seconds;

/** Several rounds as one: summed counts and durations, the worst round's percentiles. */
export function mergeRounds(rounds: WrkResult[]): WrkResult {
  return rounds.reduce((sum, r) => ({
    requests: sum.requests + r.requests,
    seconds: sum.seconds + r.seconds,
    bytes: sum.bytes + r.bytes,
    failed: sum.failed + r.failed,
    p50: Math.max(sum.p50, r.p50),
    p99: Math.max(sum.p99, r.p99),
    latency: [...sum.latency, ...r.latency],
  }));
}

/**
 * The latency (ms) under which `percent` % of all the rounds' requests were answered: the rounds
 * pooled request by request, as if they were one long run (not an average of their percentiles).
 */
export function pooledPercentile(rounds: WrkResult[], percent: number): number {
  const counts = rounds.flatMap((round) => round.latency).sort((a, b) => a[0] - b[0]);
  const total = counts.reduce((sum, [, count]) => sum + count, 0);
  const rank = Math.ceil((percent / 100) * total);
  let seen = 0;
  for (const [value, count] of counts) {
    seen += count;
    if (seen >= rank) return value;
  }
  return counts.at(-1)?.[0] ?? 0;
}

export function toRow(scenario: string, result: WrkResult, note?: string): Row {
  return {
    scenario,
    requests: result.requests,
    perSecond: okPerSecond(result),
    p50: result.p50,
    p99: result.p99,
    failed: result.failed,
    ...(note ? { note } : {}),
  };
}
