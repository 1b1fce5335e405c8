import { format } from 'date-fns/format';
import type { ReservationView } from '../../shared/sales';
import type { GoHomeDay } from './family';

const dayOf = (iso: string) => new Date(`${iso}T00:00:00`);

/** "Saturday, April 5, 2025 at 10:30 AM" (no time: the day alone). */
export function goHomeWords(day: GoHomeDay): string {
  const date = format(dayOf(day.date), 'EEEE, MMMM d, yyyy');
  if (!day.time) return date;
  const [hours, minutes] = day.time.split(':').map(Number);
  const at = new Date(2000, 0, 1, hours, minutes);
  return `${date} at ${format(at, 'h:mm a')}`;
}

/** RFC 5545 text: backslash, semicolon, comma and line breaks escaped. */
const icsText = (text: string) =>
  text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Lines longer than 75 octets are folded (a space starts each continuation). */
function fold(line: string): string {
  const parts: string[] = [];
  let rest = line;
  while (Buffer.byteLength(rest) > 75) {
    let cut = 75;
    while (Buffer.byteLength(rest.slice(0, cut)) > 75) cut -= 1;
    parts.push(rest.slice(0, cut));
    rest = ` ${rest.slice(cut)}`;
  }
  parts.push(rest);
  return parts.join('\r\n');
}

/**
 * The go-home day as one calendar event: a floating local time (the family's own clock, the
 * breeder's place) of an hour, or an all-day event without a time.
 */
export function goHomeIcs(
  reservation: ReservationView,
  day: GoHomeDay,
  brand: string,
  now = new Date(),
): string {
  const compact = day.date.replace(/-/g, '');
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const timing = day.time
    ? (() => {
        const [hours = 0, minutes = 0] = day.time.split(':').map(Number);
        const end = new Date(Date.UTC(2000, 0, 1, hours + 1, minutes));
        const endDay = hours + 1 >= 24 ? nextDay(day.date) : compact;
        const hhmm = (h: number, m: number) => `${String(h).padStart(2, '0')}${String(m).padStart(2, '0')}00`;
        return [
          `DTSTART:${compact}T${hhmm(hours, minutes)}`,
          `DTEND:${endDay}T${hhmm(end.getUTCHours(), end.getUTCMinutes())}`,
        ];
      })()
    : [`DTSTART;VALUE=DATE:${compact}`, `DTEND;VALUE=DATE:${nextDay(day.date)}`];
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${icsText(brand)}//Family page//EN`,
    'CALSCALE:GREGORIAN',
    'BEGIN:VEVENT',
    `UID:go-home-${reservation.id}@family-page`,
    `DTSTAMP:${stamp}`,
    ...timing,
    `SUMMARY:${icsText(`${reservation.puppyName} comes home`)}`,
    ...(day.place ? [`LOCATION:${icsText(day.place)}`] : []),
    ...(day.note ? [`DESCRIPTION:${icsText(day.note)}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

function nextDay(iso: string): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10).replace(/-/g, '');
}
