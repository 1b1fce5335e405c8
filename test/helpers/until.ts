import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Waits until `check` holds, looking every 20 ms, and fails naming `what` once `timeoutMs` has
 * passed: for results another process or a later event-loop turn produces (a log line, a notice).
 */
export async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 2_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    assert.ok(Date.now() < deadline, `timed out waiting for ${what}`);
    await sleep(20);
  }
}
