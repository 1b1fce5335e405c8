/** The part of autocannon's programmatic API that scripts/bench.ts uses (it ships no types). */
declare module 'autocannon' {
  export interface Options {
    url: string;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    /** Seconds; ignored when `amount` is set. */
    duration?: number;
    amount?: number;
    /** Seconds before a request counts as timed out. */
    timeout?: number;
  }

  export interface Histogram {
    average: number;
    p50: number;
    p99: number;
    max: number;
    total: number;
  }

  export interface Result {
    /** Seconds. */
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    latency: Histogram;
    requests: Histogram & { sent: number };
  }

  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
