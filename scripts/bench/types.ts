/** One line of the bench's table. */
export interface Row {
  scenario: string;
  requests: number;
  perSecond: number;
  /** Latency percentiles in ms. */
  p50: number;
  p99: number;
  /** Errors, timeouts and answers other than 2xx/3xx: anything but 0 makes the row suspect. */
  failed: number;
  note?: string;
}

/** A target or a validity condition of the measurement; any failed check fails `npm run bench`. */
export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

export interface ScenarioResult {
  rows: Row[];
  checks?: Check[];
  /** Lines printed under the table (explanations, figures that are not rows). */
  notes?: string[];
}

/**
 * A section of `npm run bench`: starts what it needs (see processes.ts), measures with wrk
 * (wrk.ts), stops what it started. Register it in scripts/bench.ts under a short name.
 */
export type Scenario = () => Promise<ScenarioResult>;
