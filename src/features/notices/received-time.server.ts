import { TZDate, tzName } from '@date-fns/tz';
import { format } from 'date-fns/format';

/**
 * "Nov 23, 2026 at 2:05 PM MST": when an inquiry arrived, in the site's time zone. date-fns alone
 * formats in the process's own zone (UTC in the container); @date-fns/tz gives the wall clock of
 * another zone (TZDate) and its short name (tzName: "MST", "PDT"; "GMT+1" where no abbreviation is
 * in common use).
 */
export function formatReceivedTime(iso: string, timeZone: string): string {
  const date = new TZDate(iso, timeZone);
  return `${format(date, "MMM d, yyyy 'at' h:mm a")} ${tzName(timeZone, date, 'short')}`;
}
