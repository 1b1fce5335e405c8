/**
 * Failed sign-ins, counted in memory per key (a username, a client address) in fixed windows.
 * After `limit` failures the key is locked until its window ends: at most `windowMs` after the
 * first failure, never extended by further attempts, so a stranger who types the breeder's
 * address five times delays her by minutes, not for as long as they keep trying.
 */
export interface ThrottleOptions {
  limit: number;
  windowMs: number;
  /** Keys kept at most: when full, the oldest are forgotten (memory stays bounded under a flood). */
  maxKeys?: number;
  now?: () => number;
}

interface Window {
  start: number;
  failures: number;
}

export const LOGIN_FAILURE_LIMIT = 5;
export const LOGIN_WINDOW_MS = 15 * 60_000;

export class LoginThrottle {
  private readonly windows = new Map<string, Window>();
  private readonly limit: number;
  private readonly windowMs: number;
  private readonly maxKeys: number;
  private readonly now: () => number;

  constructor(options: ThrottleOptions) {
    this.limit = options.limit;
    this.windowMs = options.windowMs;
    this.maxKeys = options.maxKeys ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  /** Milliseconds until the first locked key of `keys` is free again; 0 when none is locked. */
  lockedFor(keys: readonly string[]): number {
    let wait = 0;
    for (const key of keys) {
      const window = this.current(key);
      if (window && window.failures >= this.limit)
        wait = Math.max(wait, window.start + this.windowMs - this.now());
    }
    return wait;
  }

  /**
   * Counts an attempt against each key before its password is checked, so a burst of parallel
   * guesses cannot all slip past the limit while bcrypt runs; a success takes it back (forgive).
   */
  count(keys: readonly string[]): void {
    for (const key of keys) {
      const window = this.current(key);
      if (window) window.failures += 1;
      else this.add(key, { start: this.now(), failures: 1 });
    }
  }

  /** Takes back one counted attempt of `key` (it turned out to be a success). */
  forgive(key: string): void {
    const window = this.current(key);
    if (window) window.failures = Math.max(0, window.failures - 1);
  }

  /** Forgets every failure of `key`. */
  clear(key: string): void {
    this.windows.delete(key);
  }

  /** The key's window if it has not ended yet (an ended one is dropped). */
  private current(key: string): Window | undefined {
    const window = this.windows.get(key);
    if (window && this.now() - window.start >= this.windowMs) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }

  private add(key: string, window: Window): void {
    if (this.windows.size >= this.maxKeys) this.prune();
    this.windows.set(key, window);
  }

  /** Drops ended windows, then, if still full, the oldest ones (a Map iterates in insertion order). */
  private prune(): void {
    for (const key of [...this.windows.keys()]) this.current(key);
    for (const key of this.windows.keys()) {
      if (this.windows.size < this.maxKeys) break;
      this.windows.delete(key);
    }
  }
}

/** IPv6 clients are counted per /64: one host usually holds a whole /64 and could rotate through it. */
export function clientKey(ip: string | undefined): string {
  if (!ip) return 'ip:unknown';
  const mapped = ip.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i);
  if (mapped?.[1]) return `ip:${mapped[1]}`;
  if (!ip.includes(':')) return `ip:${ip}`;
  return `ip:${expandIpv6(ip).slice(0, 4).join(':')}::/64`;
}

function expandIpv6(ip: string): string[] {
  const [head = '', tail] = ip.split('%')[0]?.split('::') ?? [];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array(Math.max(0, 8 - left.length - right.length)).fill('0');
  return [...left, ...zeros, ...right].map((part) => part.toLowerCase().replace(/^0+(?=.)/, ''));
}
