import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Running, residentMemoryMb, startSite } from './processes';
import { inquiry, seedInquiries, storedCount } from './seed';
import type { Check, Scenario, ScenarioResult } from './types';
import { okPerSecond, toRow, type WrkOptions, wrk } from './wrk';

const SEEDED = 10_000;
const seeded = (n: number) => n.toLocaleString('en-US');

const postInquiry = (url: string): Omit<WrkOptions, 'connections' | 'seconds'> => ({
  url: `${url}/api/inquiries`,
  method: 'POST',
  headers: { 'Content-Type': 'application/json', Origin: url },
  body: JSON.stringify(inquiry),
});
const getLanding = (url: string) => ({ url: `${url}/`, headers: { 'Accept-Encoding': 'br' } });

/** Runs `measure` against a fresh site whose data directory holds `count` inquiries. */
async function withSite(count: number, measure: (site: Running, dataDir: string) => Promise<ScenarioResult>) {
  const dir = await mkdtemp(path.join(tmpdir(), 'doodles-bench-'));
  const dataDir = path.join(dir, 'data');
  if (count > 0) await seedInquiries(dataDir, count);
  const site = await startSite(dataDir);
  try {
    return await measure(site, dataDir);
  } finally {
    await site.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

/** Inquiry submissions: each answer waits for its batch's fsync'd write; none may be lost. */
export const submissions =
  (count: number): Scenario =>
  () =>
    withSite(count, async (site, dataDir) => {
      const result = await wrk({ ...postInquiry(site.url), connections: 10, seconds: 3 });
      const acknowledged = result.requests - result.failed;
      // wrk drops the answers still in flight when it stops, so more may be stored than answered.
      const stored = (await storedCount(dataDir)) - count;
      const check: Check = {
        name: `every acknowledged inquiry is stored (${seeded(count)} stored before)`,
        ok: stored >= acknowledged && result.failed === 0,
        detail: `${acknowledged} acknowledged, ${stored} stored, ${result.failed} failed`,
      };
      const row = toRow(`POST /api/inquiries, ${seeded(count)} stored`, result, `${stored} stored`);
      return { rows: [row], checks: [check] };
    });

/**
 * The landing page alone, then while a burst of inquiries is stored, with the server's peak
 * memory: a burst of writes must not starve the page.
 */
export const landingDuringBurst: Scenario = () =>
  withSite(SEEDED, async (site) => {
    const idle = await wrk({ ...getLanding(site.url), connections: 10, seconds: 3 });
    let peak = 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, residentMemoryMb(site.pid));
    }, 100);
    const [landing, burst] = await Promise.all([
      wrk({ ...getLanding(site.url), connections: 10, seconds: 5 }),
      wrk({ ...postInquiry(site.url), connections: 50, seconds: 5 }),
    ]);
    clearInterval(sampler);
    const share = okPerSecond(landing) / okPerSecond(idle);
    return {
      rows: [
        toRow('GET /, idle [br]', idle),
        toRow('GET /, during an inquiry burst [br]', landing, `${(share * 100).toFixed(0)}% of idle`),
        toRow(
          '  the burst: POST /api/inquiries',
          burst,
          `50 connections; server peak RSS ${peak.toFixed(0)} MB`,
        ),
      ],
      checks: [
        {
          name: 'no failed requests during the burst',
          ok: landing.failed + burst.failed === 0,
          detail: `${landing.failed + burst.failed} failed`,
        },
      ],
    };
  });
