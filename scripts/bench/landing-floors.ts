import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Running, startFloor, startSite } from './processes';
import { recordLanding } from './recorded-answer';
import type { Check, Row, Scenario } from './types';
import { mergeRounds, okPerSecond, toRow, type WrkResult, wrk } from './wrk';

const ROUNDS = 3;
const SECONDS = 2;
const CONNECTIONS = 32;
/** The target: `/` at this fraction of the Express floor's requests per second, or more. */
const LANDING_TARGET = 0.9;
/** The bare node:http floor must beat the site by this much, or wrk may be the limit. */
const GENERATOR_MARGIN = 1.2;

const encodings = [
  { name: 'br', headers: { 'Accept-Encoding': 'br' } },
  { name: 'identity', headers: {} },
] as const;

/**
 * GET / on the site against two floors that send the very same status, headers and bytes (recorded
 * from the site): an Express route and a bare node:http server, both writing precomputed bytes with
 * writeHead/end. All three run at once on the server core and are measured in interleaved rounds,
 * so noise from the rest of the machine falls on all of them alike; only ratios within this run
 * are compared.
 */
export const landingFloors: Scenario = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'doodles-bench-'));
  const running: Running[] = [];
  try {
    const site = await startSite(path.join(dir, 'data'));
    running.push(site);
    const { spec, answers } = await recordLanding(site.url, dir);
    const express = await startFloor('express', spec);
    running.push(express);
    const nodeHttp = await startFloor('node-http', spec);
    running.push(nodeHttp);
    const targets = [
      { name: 'GET / (the site)', url: site.url },
      { name: '  floor: Express route', url: express.url },
      { name: '  floor: node:http', url: nodeHttp.url },
    ];

    const results = new Map<string, WrkResult[]>();
    const measure = async (encoding: (typeof encodings)[number], url: string, seconds: number) =>
      wrk({ url: `${url}/`, headers: encoding.headers, connections: CONNECTIONS, seconds });
    for (const target of targets) await measure(encodings[0], target.url, 1); // warm up (JIT)
    for (let round = 0; round < ROUNDS; round++) {
      for (const encoding of encodings) {
        for (const target of targets) {
          const key = `${encoding.name} ${target.name}`;
          results.set(key, [...(results.get(key) ?? []), await measure(encoding, target.url, SECONDS)]);
        }
      }
    }

    const rows: Row[] = [];
    const rates: Record<string, number[]> = {};
    for (const encoding of encodings) {
      const merged = targets.map((target) =>
        mergeRounds(results.get(`${encoding.name} ${target.name}`) ?? []),
      );
      const perSecond = merged.map(okPerSecond);
      rates[encoding.name] = perSecond;
      const bytes = answers[encoding.name].bytes;
      const label = encoding.name === 'br' ? 'Accept-Encoding: br' : 'no Accept-Encoding';
      merged.forEach((result, i) => {
        const ratio = (perSecond[0] ?? 0) / (perSecond[i] ?? 1);
        const note =
          i === 0
            ? `${label}; ${bytes} bytes, the floors send the same`
            : `the site = ${ratio.toFixed(2)}x its req/s`;
        rows.push(toRow(`${targets[i]?.name} [${encoding.name}]`, result, note));
      });
    }

    const [siteBr = 0, expressBr = 1, nodeBr = 0] = rates.br ?? [];
    const checks: Check[] = [
      {
        name: `GET / with Accept-Encoding: br at >= ${LANDING_TARGET}x the Express floor`,
        ok: siteBr / expressBr >= LANDING_TARGET,
        detail: `${(siteBr / expressBr).toFixed(2)}x`,
      },
      {
        name: `wrk is not the limit: the node:http floor >= ${GENERATOR_MARGIN}x the site`,
        ok: nodeBr / siteBr >= GENERATOR_MARGIN,
        detail: `${(nodeBr / siteBr).toFixed(2)}x`,
      },
      {
        name: 'no failed requests against / or the floors',
        ok: rows.every((row) => row.failed === 0),
        detail: `${rows.reduce((sum, row) => sum + row.failed, 0)} failed`,
      },
    ];
    const notes = [
      `GET / [identity]: ${answers.identity.bytes} bytes near the loopback segment size make this case flip between two throughput modes from run to run; it is reported, not a target.`,
    ];
    return { rows, checks, notes };
  } finally {
    await Promise.all(running.map((process) => process.stop()));
    await rm(dir, { recursive: true, force: true });
  }
};
