/** What the account page's API answers (GET /api/account and the two-step calls). */

export interface AccountSummary {
  username: string;
  twoStep: { on: boolean; recoveryCodesLeft: number };
}

/** POST /api/account/two-step/setup. */
export interface TwoStepSetupAnswer {
  /** base32, in groups of four. */
  secret: string;
  uri: string;
  /** An SVG data URL. */
  qrCode: string;
}

/** POST /api/account/two-step/enable: shown once. */
export interface RecoveryCodesAnswer {
  recoveryCodes: string[];
}
