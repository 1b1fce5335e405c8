import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { archiveName } from './make-backup.server';
import { archivesToDelete, archivesToKeep } from './retention.server';

const ZONE = 'America/Phoenix'; // UTC-7 all year
/** The archive the 03:00 (Phoenix) backup of that day is named. */
const daily = (day: string) => archiveName(new Date(`${day}T10:00:00Z`), false);

function* days(from: string, to: string) {
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    yield new Date(t).toISOString().slice(0, 10);
}

describe('the keep rule: 7 daily, 4 weekly, 6 monthly', () => {
  test('a year of daily backups, pruned after each one, keeps exactly the rule’s set', () => {
    let folder: string[] = ['notes.txt'];
    for (const day of days('2026-01-01', '2026-12-31')) {
      folder.push(daily(day));
      const doomed = new Set(archivesToDelete(folder, ZONE));
      folder = folder.filter((name) => !doomed.has(name));
    }
    const expected = [
      // 7 days: Dec 25–31
      ...[25, 26, 27, 28, 29, 30, 31].map((d) => daily(`2026-12-${d}`)),
      // 4 weeks (Monday–Sunday): Dec 31's week is among the days; then the Sundays Dec 20, Dec 13
      // (Dec 27 is among the days)
      daily('2026-12-20'),
      daily('2026-12-13'),
      // 6 months: December is among the days; then the last day of Nov, Oct, Sep, Aug, Jul
      daily('2026-11-30'),
      daily('2026-10-31'),
      daily('2026-09-30'),
      daily('2026-08-31'),
      daily('2026-07-31'),
      // Not an archive's name: never deleted
      'notes.txt',
    ];
    assert.deepEqual([...folder].sort(), expected.sort());
  });

  test('on each day of the year, the kept set is the rule’s, computed a second way', () => {
    const all: string[] = [];
    for (const day of days('2026-01-01', '2026-12-31')) {
      all.push(daily(day));
      const kept = archivesToKeep(all, ZONE);
      const now = Date.parse(`${day}T10:00:00Z`);
      // Daily: the last 7 days; monthly: the last day of each of the last 6 months (or today).
      const want = new Set<string>();
      for (let i = 0; i < 7; i += 1) {
        const d = new Date(now - i * 86_400_000).toISOString().slice(0, 10);
        if (d >= '2026-01-01') want.add(daily(d));
      }
      for (const name of kept) assert.ok(all.includes(name));
      for (const name of want) assert.ok(kept.has(name), `${day}: ${name} kept`);
      assert.ok(kept.size <= 7 + 4 + 6, `${day}: at most 17 kept, got ${kept.size}`);
    }
  });

  test('several archives a day (by hand, copied in): the newest of the day counts', () => {
    const names = [
      archiveName(new Date('2026-03-10T10:00:00Z'), false),
      archiveName(new Date('2026-03-10T18:30:00Z'), true),
      'saguaro-doodles-2026-03-09T10-00-00Z.tar.gz',
    ];
    const kept = archivesToKeep(names, ZONE);
    assert.deepEqual([...kept].sort(), [names[1], names[2]].sort());
  });

  test('days are the breeder’s: 8 p.m. in Phoenix is the next day in UTC', () => {
    // 2026-03-10 20:00 and 21:00 Phoenix = 2026-03-11 03:00 and 04:00 UTC: Mar 10, the later kept.
    const a = archiveName(new Date('2026-03-11T03:00:00Z'), false);
    const b = archiveName(new Date('2026-03-11T04:00:00Z'), false);
    const c = archiveName(new Date('2026-03-09T10:00:00Z'), false); // Mar 9, 3 a.m. Phoenix
    assert.deepEqual([...archivesToKeep([a, b, c], ZONE)].sort(), [b, c].sort());
  });
});
