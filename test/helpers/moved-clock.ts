import { existsSync } from 'node:fs';

/**
 * A server process whose clock is moved: Debian's libfaketime (package `faketime`, installed by
 * .ci/run) preloaded into the built server, so every Date the server reads (the go-home reminders'
 * "tomorrow", the HTTP Date header, the times it stores) is `days` ahead of the real one. The
 * monotonic clock is left alone: timers and measured durations keep their real pace. Nothing in
 * the product knows about it: no test-only clock hook in the code (decision 114).
 */
const LIBRARIES = [
  '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1',
  '/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1',
];

export function movedClockEnv(days: number): Record<string, string> {
  const library = LIBRARIES.find((file) => existsSync(file));
  // Without it the server would run on the real clock and the test would prove nothing.
  if (!library)
    throw new Error('libfaketime not found: install it with `apt-get install -y faketime` (.ci/run does)');
  return {
    LD_PRELOAD: library,
    FAKETIME: `${days >= 0 ? '+' : ''}${days}d`,
    FAKETIME_DONT_FAKE_MONOTONIC: '1',
  };
}

/** YYYY-MM-DD in `timeZone`, `days` after today (the real clock). */
export const dayIn = (timeZone: string, days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + days * 24 * 60 * 60_000),
  );
