import { z } from 'zod';

/**
 * account.json (decisions 101–106): what the server keeps of each account besides users.json,
 * per user id. The types the account feature works with are read off this schema.
 */

/** The authenticator app (TOTP) of one account, once turned on. */
const totpRecord = z.object({
  /** The shared secret, base32. */
  secret: z.string(),
  /** users.json's secondStepResets when it was turned on: a reset by create-admin bumps that, and this record no longer counts. */
  resetsSeen: z.number(),
  /** The last 30-second step whose code was accepted: a code is good once, and never an older one. */
  lastStep: z.number(),
  /** Each unused recovery code as "salt:scrypt" (base64url); a used one is removed. */
  recoveryCodes: z.array(z.string()),
  /** ISO 8601. */
  enabledAt: z.string(),
});
export type TotpRecord = z.output<typeof totpRecord>;

/** One signed-in session, for "Where you're signed in" (the cookie stays the proof of it). */
const sessionRecord = z.object({
  /** ms since epoch. */
  signedInAt: z.number(),
  lastSeenAt: z.number(),
  /** When the cookie expires: the record is dropped after. */
  validUntil: z.number(),
  ip: z.string(),
  /** As the browser sent it (at most 512 characters). */
  userAgent: z.string(),
  /** The effective session version it was signed in with: older ones are ended, and dropped. */
  ver: z.number(),
});
export type SessionRecord = z.output<typeof sessionRecord>;

/** A passkey (WebAuthn credential) registered on the account page (decision 106). */
const passkeyRecord = z.object({
  /** The credential id, base64url. */
  id: z.string(),
  /** The COSE public key, base64url. */
  publicKey: z.string(),
  /** The authenticator's signature counter as last seen: one that goes backwards is a clone. */
  counter: z.number(),
  transports: z.array(z.string()).optional(),
  /** What she called it: "iPhone". */
  name: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  lastUsedAt: z.string().optional(),
});
export type PasskeyRecord = z.output<typeof passkeyRecord>;

/** What the server keeps of an account besides users.json (decision 101). */
const accountRecord = z.object({
  totp: totpRecord.optional(),
  /** A password set on the account page; counts while users.json's sessionVersion is still `baseVersion` (a CLI password wins). */
  password: z.object({ hash: z.string(), baseVersion: z.number(), changedAt: z.string() }).optional(),
  /** Added to users.json's sessionVersion: bumped by a password change or "Sign out everywhere else" here. */
  sessionBump: z.number().optional(),
  /** Session id → what is known of it. */
  sessions: z.record(z.string(), sessionRecord).optional(),
  /** SHA-256 (hex) of the device cookie of each browser that signed in, newest last (decision 104). */
  knownDevices: z.array(z.string()).optional(),
  passkeys: z.array(passkeyRecord).optional(),
  /** users.json's counters when the server last looked: a change since is create-admin's, and emailed (issue 32). */
  cliSeen: z.object({ sessionVersion: z.number(), secondStepResets: z.number() }).optional(),
});
export type AccountRecord = z.output<typeof accountRecord>;

export const accountSchema = z.object({
  version: z.literal(1),
  accounts: z.record(z.string(), accountRecord),
});
