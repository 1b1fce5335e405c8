/**
 * npm run bench: builds if stale, runs the built server as production does (127.0.0.1, a free
 * port, a temporary DATA_DIR, INQUIRY_RATE_LIMIT=off) pinned to one core, loads it with wrk
 * pinned to the other (one thread), prints one table, the checks, and the first-load JavaScript.
 * Exits 1 when a check fails: a target missed, or a measurement that cannot be trusted.
 *
 *   npm run bench                     every scenario (about 2 minutes)
 *   npm run bench -- floors size      only the named ones
 *
 * To add a scenario: a module under scripts/bench/ exporting a Scenario (see bench/types.ts),
 * and one line in `scenarios` below.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpus } from 'node:os';
import { contractPdfs } from './bench/contract-pdf';
import { firstLoadReport, landingFirstLoad } from './bench/first-load';
import { benchInbox, printInboxFigures } from './bench/inbox';
import { landingDuringBurst, submissions } from './bench/inquiries';
import { landingFloors } from './bench/landing-floors';
import { noticesOnOff } from './bench/notices';
import { distDir } from './bench/processes';
import { renderAfterChange } from './bench/render-after-change';
import { printChecks, printTable } from './bench/table';
import type { Check, Row, Scenario } from './bench/types';

/** The dashboard at 10,000 inquiries (scripts/bench/inbox.ts): its figures print as they come. */
const inboxAtTenThousand: Scenario = async () => {
  const figures = await benchInbox();
  printInboxFigures(figures);
  const checks = figures
    .filter((figure) => figure.target)
    .map((figure) => ({
      name: `inbox: ${figure.measure} ${figure.target}`,
      ok: figure.met,
      detail: figure.value,
    }));
  return { rows: [], checks };
};

const scenarios: Record<string, Scenario[]> = {
  floors: [landingFloors],
  inquiries: [submissions(0), submissions(10_000)],
  burst: [landingDuringBurst],
  size: [async () => ({ rows: [], ...firstLoadReport(await landingFirstLoad(distDir)) })],
  inbox: [inboxAtTenThousand],
  notices: [noticesOnOff],
  change: [renderAfterChange('move')],
  publish: [renderAfterChange('publish')],
  contracts: [contractPdfs],
};

function wrkVersion(): string {
  const { stdout, stderr } = spawnSync('wrk', ['-v'], { encoding: 'utf8' });
  const version = `${stdout ?? ''}${stderr ?? ''}`.match(/^wrk (\S+)/m)?.[1];
  if (!version) throw new Error('wrk is missing: apt-get install wrk');
  return version;
}

async function main(): Promise<void> {
  execFileSync('npx', ['tsx', 'esbuild.config.ts', '--if-stale'], { stdio: 'inherit' });
  const chosen = process.argv.slice(2);
  const unknown = chosen.filter((name) => !(name in scenarios));
  if (unknown.length > 0)
    throw new Error(`unknown scenario ${unknown.join(', ')}; known: ${Object.keys(scenarios).join(', ')}`);
  const version = wrkVersion();
  const started = performance.now();
  const rows: Row[] = [];
  const checks: Check[] = [];
  const notes: string[] = [];
  for (const [name, group] of Object.entries(scenarios)) {
    if (chosen.length > 0 && !chosen.includes(name)) continue;
    for (const scenario of group) {
      const result = await scenario();
      rows.push(...result.rows);
      checks.push(...(result.checks ?? []));
      notes.push(...(result.notes ?? []));
    }
  }
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  console.log(
    `\nNode ${process.version}, ${cpus().length} × ${cpu}, wrk ${version} (1 thread) on CPU 1, servers on CPU 0; ${((performance.now() - started) / 1000).toFixed(0)} s\n`,
  );
  if (rows.length > 0) printTable(rows);
  if (notes.length > 0) console.log(`\n${notes.join('\n')}`);
  console.log('');
  printChecks(checks);
  if (checks.some((check) => !check.ok)) process.exitCode = 1;
}

await main();
