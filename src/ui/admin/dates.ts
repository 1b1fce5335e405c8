import { format } from 'date-fns/format';
import { isValid } from 'date-fns/isValid';
import { dateFormats } from './admin-text';

/**
 * Formats in the viewer's time zone. Only the browser calls these (the server renders no
 * inquiry), so server and browser never disagree about a date during hydration.
 */
function formatAs(iso: string, pattern: string): string {
  const date = new Date(iso);
  return isValid(date) ? format(date, pattern) : iso;
}

export const formatDay = (iso: string) => formatAs(iso, dateFormats.day);
export const formatTime = (iso: string) => formatAs(iso, dateFormats.time);
export const formatFull = (iso: string) => formatAs(iso, dateFormats.full);
