import { timeOfArchive } from './make-backup.server';

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar day of `time` in `timeZone`, as midnight UTC of that date (for date arithmetic). */
function localDay(time: Date, timeZone: string): Date {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return new Date(`${formatter.format(time)}T00:00:00Z`); // en-CA: 2026-03-10
}

/** ISO 8601 week ("2026-W53"): weeks from Monday, numbered by the year of their Thursday. */
function isoWeek(day: Date): string {
  const thursday = new Date(day.getTime() + (3 - ((day.getUTCDay() + 6) % 7)) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = 1 + Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS));
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** Kept: the newest archive of each of the last 7 days, 4 weeks and 6 months that have one. */
const KEEP = { daily: 7, weekly: 4, monthly: 6 } as const;

/**
 * The archives the keep rule keeps among `names` (a folder's or a bucket's listing): the time
 * comes from each name, so an archive copied in by hand counts like the others, and a name
 * without one is not an archive of ours and is never deleted. Days, weeks (ISO, from Monday) and
 * months are the breeder's, in `timeZone`. Like restic's --keep-daily/weekly/monthly: each rule
 * walks the archives newest first and keeps the newest of each period until it has its count.
 */
export function archivesToKeep(names: readonly string[], timeZone: string): Set<string> {
  const dated = names
    .map((name) => ({ name, time: timeOfArchive(name) }))
    .filter((entry): entry is { name: string; time: Date } => entry.time !== null)
    .sort((a, b) => b.time.getTime() - a.time.getTime() || (a.name < b.name ? 1 : -1));
  const keep = new Set(names.filter((name) => timeOfArchive(name) === null));
  const days = dated.map(({ name, time }) => ({ name, day: localDay(time, timeZone) }));
  const rule = (count: number, period: (day: Date) => string) => {
    const seen = new Set<string>();
    for (const { name, day } of days) {
      const key = period(day);
      if (seen.has(key)) continue;
      if (seen.size === count) break;
      seen.add(key);
      keep.add(name);
    }
  };
  rule(KEEP.daily, (day) => day.toISOString().slice(0, 10));
  rule(KEEP.weekly, isoWeek);
  rule(KEEP.monthly, (day) => day.toISOString().slice(0, 7));
  return keep;
}

/** The archives among `names` that the keep rule deletes. */
export const archivesToDelete = (names: readonly string[], timeZone: string) => {
  const keep = archivesToKeep(names, timeZone);
  return names.filter((name) => !keep.has(name));
};
