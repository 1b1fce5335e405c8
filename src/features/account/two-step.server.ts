import { randomBytes, randomInt, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { loadOnce } from '../../server/core/load-once';
import { brand } from '../../shared/brand';
import type { AccountFile, AccountRecord, TotpRecord } from '../../storage/account-file';
import type { User } from '../../storage/records';

/** RFC 6238 as every authenticator app does it: SHA-1, 6 digits, 30-second steps. */
const PERIOD_SECONDS = 30;
/** Codes of the previous and the next step are accepted too (a phone's clock drifts). */
const WINDOW = 1;
const RECOVERY_CODE_COUNT = 10;
/** The QR code's encoder (and its PNG one) is loaded at the first set-up, not at every start. */
const loadQrCode = loadOnce(() => import('qrcode'));
/** A secret shown for setup is good this long without its confirming code. */
const SETUP_TTL_MS = 15 * 60_000;

/** Letters and digits that cannot be misread for each other (no 0/o, 1/l/i). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export interface TwoStepSetup {
  /** The secret as text, base32 in groups of four, for typing into an app. */
  secret: string;
  /** The otpauth:// URI the QR code holds. */
  uri: string;
  /** The QR code as an SVG data URL, drawn here: no script on the page builds it. */
  qrCode: string;
}

/**
 * Recovery codes carry about 49 bits, under the 112 that would allow a plain hash (ASVS 6.5.2):
 * each is stored as "salt:scrypt" (16-byte salt; N=2^12 costs about 10 ms, off the event loop).
 */
const SCRYPT: ScryptOptions = { N: 2 ** 12, r: 8, p: 1 };
const SCRYPT_BYTES = 32;
const scryptOf = (code: string, salt: Buffer) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(code, salt, SCRYPT_BYTES, SCRYPT, (error, key) => (error ? reject(error) : resolve(key))),
  );
async function hashCode(code: string): Promise<string> {
  const salt = randomBytes(16);
  return `${salt.toString('base64url')}:${(await scryptOf(code, salt)).toString('base64url')}`;
}
async function matchesCode(code: string, stored: string): Promise<boolean> {
  const [salt, key] = stored.split(':');
  if (!salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await scryptOf(code, Buffer.from(salt, 'base64url'));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
/** A recovery code as typed: case, spaces and dashes do not matter. */
const normalizeRecovery = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
const stepOf = (now: number) => Math.floor(now / 1000 / PERIOD_SECONDS);

function totpFor(user: Pick<User, 'username'>, secret: Secret): TOTP {
  return new TOTP({ issuer: brand.full, label: user.username, secret, period: PERIOD_SECONDS });
}

function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/**
 * The authenticator-app second step (decision 102). Its record is in account.json; it counts only
 * while users.json's secondStepResets is what it was when turned on, so `create-admin
 * --reset-second-step`, which writes users.json only, turns it off without writing our file.
 */
export class TwoStep {
  /** Secrets shown for setup and not yet confirmed, per user id (memory only: a restart asks again). */
  private readonly pending = new Map<string, { secret: Secret; expires: number }>();

  constructor(
    private readonly accounts: AccountFile,
    private readonly now: () => number = Date.now,
  ) {}

  private active(user: User, record: Readonly<AccountRecord>): TotpRecord | undefined {
    const totp = record.totp;
    return totp && totp.resetsSeen === (user.secondStepResets ?? 0) ? totp : undefined;
  }

  isOn(user: User): boolean {
    return this.active(user, this.accounts.get(user.id)) !== undefined;
  }

  recoveryCodesLeft(user: User): number {
    return this.active(user, this.accounts.get(user.id))?.recoveryCodes.length ?? 0;
  }

  /** A new secret to scan; it replaces any earlier one not yet confirmed. */
  async setup(user: User): Promise<TwoStepSetup> {
    const secret = new Secret({ size: 20 });
    this.pending.set(user.id, { secret, expires: this.now() + SETUP_TTL_MS });
    const uri = totpFor(user, secret).toString();
    const { default: QRCode } = await loadQrCode();
    const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return {
      secret: secret.base32.replace(/(.{4})/g, '$1 ').trim(),
      uri,
      qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    };
  }

  /**
   * Turns it on if `code` is current for the secret shown by setup: the recovery codes (shown
   * once, kept only as hashes), or null for a wrong code or no setup under way.
   */
  async enable(user: User, code: string): Promise<string[] | null> {
    const setup = this.pending.get(user.id);
    if (!setup || setup.expires < this.now()) return null;
    const step = this.matchingStep(user, setup.secret, code, -1);
    if (step === null) return null;
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const hashes = await Promise.all(codes.map((each) => hashCode(normalizeRecovery(each))));
    await this.accounts.change(user.id, (record) => [
      {
        ...record,
        totp: {
          secret: setup.secret.base32,
          resetsSeen: user.secondStepResets ?? 0,
          lastStep: step,
          recoveryCodes: hashes,
          enabledAt: new Date(this.now()).toISOString(),
        },
      },
      undefined,
    ]);
    this.pending.delete(user.id);
    return codes;
  }

  /** Turns it off if `code` is a current authenticator code (not a recovery code); false if not. */
  async disable(user: User, code: string): Promise<boolean> {
    return this.accounts.change(user.id, (record) => {
      const totp = this.active(user, record);
      const step = totp ? this.matchingStep(user, Secret.fromBase32(totp.secret), code, totp.lastStep) : null;
      if (step === null) return [record, false];
      const { totp: _dropped, ...rest } = record;
      return [rest, true];
    });
  }

  /**
   * The second step of a sign-in: a current authenticator code not used before (and no older than
   * the last one used), or an unused recovery code, which is then used up. The check and the
   * write that records the use run in turn with other changes, so one code cannot pass twice.
   */
  async verify(user: User, code: string): Promise<'app' | 'recovery' | null> {
    // Which stored recovery code it is, if any: hashed off the event loop, before the change.
    const stored = this.active(user, this.accounts.get(user.id))?.recoveryCodes ?? [];
    const typed = normalizeRecovery(code);
    const isAppCode = /^\d{6}$/.test(code.trim());
    let recovery: string | undefined;
    if (!isAppCode && typed.length === 10)
      for (const each of stored) if (await matchesCode(typed, each)) recovery = each;
    return this.accounts.change(user.id, (record) => {
      const totp = this.active(user, record);
      if (!totp) return [record, null];
      const step = this.matchingStep(user, Secret.fromBase32(totp.secret), code, totp.lastStep);
      if (step !== null) return [{ ...record, totp: { ...totp, lastStep: step } }, 'app'];
      // Still unused now that this change runs (a request with the same code may have been first).
      if (recovery && totp.recoveryCodes.includes(recovery)) {
        const recoveryCodes = totp.recoveryCodes.filter((each) => each !== recovery);
        return [{ ...record, totp: { ...totp, recoveryCodes } }, 'recovery'];
      }
      return [record, null];
    });
  }

  /** The step of `code` if it is within the window and after `lastStep`, else null. */
  private matchingStep(user: User, secret: Secret, code: string, lastStep: number): number | null {
    const token = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(token)) return null;
    const now = this.now();
    const delta = totpFor(user, secret).validate({ token, timestamp: now, window: WINDOW });
    if (delta === null) return null;
    const step = stepOf(now) + delta;
    return step > lastStep ? step : null;
  }
}
