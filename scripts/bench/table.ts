import type { Check, Row } from './types';

export function printTable(rows: Row[]): void {
  const header = ['scenario', 'requests', 'ok/s', 'p50 ms', 'p99 ms', 'failed', 'note'];
  const cells = rows.map((row) => [
    row.scenario,
    String(row.requests),
    row.perSecond.toFixed(0),
    row.p50.toFixed(2),
    row.p99.toFixed(2),
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

export function printChecks(checks: Check[]): void {
  for (const check of checks) console.log(`${check.ok ? 'ok  ' : 'FAIL'}  ${check.name}: ${check.detail}`);
}
