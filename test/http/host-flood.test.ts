import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import { describe, test } from 'node:test';
import * as cheerio from 'cheerio';
import { percentile } from '../../scripts/bench/stats';
import { suiteServer } from '../helpers/suite';

/**
 * With PUBLIC_URL unset, pages carry the request's origin in their canonical and share URLs, and
 * Host is the client's to choose. A client sending a new Host on every request must not make the
 * server render (and compress) a page per request: beyond the first few origins, every Host gets
 * one shared page, rendered once, whose links trust no Host (decision 100).
 */

const floodAgent = new http.Agent({ keepAlive: true, maxSockets: 20 });
/** The visitor's own connection, so its requests do not queue behind the flood's in the client. */
const visitorAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });

interface Answer {
  status: number;
  body: string;
  ms: number;
}

function get(base: string, path: string, host: string, encoding = 'br', agent = floodAgent): Promise<Answer> {
  const { hostname, port } = new URL(base);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get(
      { hostname, port, path, agent, headers: { host, 'accept-encoding': encoding } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString(),
            ms: performance.now() - started,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });
}

/** The server process's CPU time so far, in clock ticks (user + system), from /proc. */
async function cpuTicks(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start with the state, field 3.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** Sends `count` requests, `concurrency` at a time; `host(i)` names the Host of the i-th. */
async function flood(base: string, count: number, concurrency: number, host: (i: number) => string) {
  let next = 0;
  const statuses: number[] = [];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        statuses.push((await get(base, '/', host(i))).status);
      }
    }),
  );
  return statuses;
}

let serial = 0;
const newHost = () => `flood-${process.pid}-${serial++}.example`;

describe('a flood of requests each with a new Host', () => {
  const server = suiteServer();
  const ownHost = () => new URL(server.url).host;

  test('an unknown Host gets the one shared page, with no link that carries its Host', async () => {
    // Four origins get pages of their own; fill them, then any other Host is unknown.
    for (let i = 0; i < 4; i++) await get(server.url, '/', `own-${i}.example`, '');
    const own = cheerio.load((await get(server.url, '/', 'own-0.example', '')).body);
    assert.equal(own('link[rel=canonical]').attr('href'), 'http://own-0.example/');

    const hosts = [newHost(), newHost()];
    const pages = await Promise.all(hosts.map((host) => get(server.url, '/', host, '')));
    for (const [i, page] of pages.entries()) {
      assert.equal(page.status, 200);
      assert.ok(!page.body.includes(hosts[i] ?? '?'), 'the Host appears nowhere on the page');
      const $ = cheerio.load(page.body);
      assert.equal($('link[rel=canonical]').attr('href'), '/');
      assert.equal($('meta[property="og:url"]').attr('content'), '/');
      assert.equal($('h1').length, 1, 'the whole page');
    }
    assert.equal(pages[0]?.body, pages[1]?.body, 'one page for every unknown Host');

    // Unknown paths under unknown hosts: the one cached 404, no Host in it either.
    const host = newHost();
    const missing = await get(server.url, '/no-such-page', host, '');
    assert.equal(missing.status, 404);
    assert.ok(!missing.body.includes(host));
  });

  test("each flood request costs no more CPU than a cached answer, and / stays under 50 ms p99 (or twice a cached flood's on a loaded machine)", async () => {
    const pid = server.process.pid;
    assert.ok(pid);
    const count = 1500;
    // Warm both: the own origin's page and the shared one.
    await flood(server.url, 50, 10, ownHost);
    await flood(server.url, 50, 10, newHost);

    let ticks = await cpuTicks(pid);
    const cachedStatuses = await flood(server.url, count, 20, ownHost);
    const cachedCost = (await cpuTicks(pid)) - ticks;

    ticks = await cpuTicks(pid);
    const floodStatuses = await flood(server.url, count, 20, newHost);
    const floodCost = (await cpuTicks(pid)) - ticks;

    assert.deepEqual(new Set(cachedStatuses), new Set([200]));
    assert.deepEqual(new Set(floodStatuses), new Set([200]));
    // One render and brotli-11 compression costs tens of milliseconds (several ticks) each; a
    // cached answer a small fraction of one. Before the fix the flood cost ~100 times more.
    // The allowance covers the longer Host in each request line and the 10 ms tick granularity.
    assert.ok(
      floodCost <= cachedCost * 1.5 + 20,
      `flood: ${floodCost} ticks for ${count} requests, cached: ${cachedCost} ticks`,
    );

    // A visitor during a flood: sequential GET / with the site's own Host, its p99.
    const visitorP99 = async (host: () => string) => {
      const latencies: number[] = [];
      const during = flood(server.url, 3000, 20, host);
      let floodDone = false;
      during.then(() => (floodDone = true));
      while (!floodDone || latencies.length < 200) {
        latencies.push((await get(server.url, '/', ownHost(), 'br', visitorAgent)).ms);
        if (latencies.length >= 2000) break;
      }
      await during;
      return { p99: percentile(latencies, 99), n: latencies.length };
    };
    // The same flood of cached answers first, as the yardstick of this machine at this moment: the
    // tests run beside Chromium in CI (decision 124), and an absolute figure alone measured the
    // machine's load (56.7 ms once at load 8), not the flood. 50 ms holds on a quiet machine;
    // under load the new-Host flood may slow her no more than twice what cached requests do.
    // Before the fix each flood request was a render and brotli-11: hundreds of ms at the p99.
    // A p99 of a few hundred requests is their second or third slowest: one scheduling hiccup
    // beside Chromium moves it (CI failed once so, at 953 s). So a pair that misses is measured
    // again, up to three pairs: a flood that renders misses every one of them, noise does not.
    const rounds: string[] = [];
    for (let round = 0; round < 3; round++) {
      const cached = await visitorP99(ownHost);
      const flooded = await visitorP99(newHost);
      rounds.push(
        `${flooded.p99.toFixed(1)} ms over ${flooded.n} requests (cached: ${cached.p99.toFixed(1)} ms over ${cached.n})`,
      );
      if (flooded.p99 < Math.max(50, cached.p99 * 2)) return;
    }
    assert.fail(`p99 of / during the flood, in each of three rounds: ${rounds.join('; ')}`);
  });
});
