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

/** A session as "Where you're signed in" lists it (GET /api/account/sessions). */
export interface ListedSession {
  /** Not the session id (the cookie's secret part): a hash of it. */
  id: string;
  /** In plain words: "Chrome on iPhone". */
  device: string;
  ip: string;
  /** ISO 8601. */
  signedInAt: string;
  lastSeenAt: string;
  /** The session of the request. */
  current: boolean;
}

export interface SessionsAnswer {
  sessions: ListedSession[];
}

/** A passkey as the account page lists it (GET /api/account/passkeys). */
export interface ListedPasskey {
  /** The credential id, base64url. */
  id: string;
  name: string;
  /** ISO 8601. */
  createdAt: string;
  lastUsedAt: string | null;
}
