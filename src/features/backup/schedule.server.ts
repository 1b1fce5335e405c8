import { TZDate } from '@date-fns/tz';

/**
 * The next time the clock in `timeZone` shows `time` after `now`: today's if it is still ahead,
 * else tomorrow's. TZDate builds it from the local fields, so a daylight-saving change between
 * now and then is accounted for (a time that does not exist that day moves forward).
 */
export function nextRun(
  now: Date,
  time: { hour: number; minute: number; second: number },
  timeZone: string,
): Date {
  const local = new TZDate(now.getTime(), timeZone);
  for (let days = 0; days <= 2; days += 1) {
    const candidate = new TZDate(
      local.getFullYear(),
      local.getMonth(),
      local.getDate() + days,
      time.hour,
      time.minute,
      time.second,
      timeZone,
    );
    if (candidate.getTime() > now.getTime()) return new Date(candidate.getTime());
  }
  throw new Error('unreachable: a day has every time of day');
}
