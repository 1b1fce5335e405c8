/**
 * GET /api/https: how the site's own HTTPS certificate is doing (with DOMAIN set; decision 122).
 * The dashboard shows a warning only when `warning` is true: a renewal has failed and the
 * certificate expires within 14 days.
 */
export interface HttpsStatus {
  domain: string;
  /** waiting: no certificate yet; valid: all is well; failing: the last order failed. */
  state: 'waiting' | 'valid' | 'failing';
  /** When the certificate answered with now expires (ISO time); null without one. */
  notAfter: string | null;
  /** What went wrong, in the operator's words; null while all is well. */
  problem: string | null;
  problemSince: string | null;
  /** The next order's time (ISO); null when none is planned. */
  nextAttempt: string | null;
  warning: boolean;
}

/** The answer without DOMAIN: the site runs behind a proxy, which has the certificate. */
export interface HttpsOff {
  domain: null;
}
