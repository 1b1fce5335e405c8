import type {
  AuthenticationResponseJSON,
  RegistrationResponseJSON,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { Request } from 'express';
import { loadOnce } from '../../server/core/load-once';
import { brand } from '../../shared/brand';
import type { AccountFile, PasskeyRecord } from '../../storage/account-file';
import type { User } from '../../storage/records';
import type { ListedPasskey } from './account';

/** SimpleWebAuthn (with its CBOR and ASN.1 parsers) is loaded at the first passkey request. */
const loadWebAuthn = loadOnce(() => import('@simplewebauthn/server'));

/** A challenge is good once, for this long. */
const CHALLENGE_TTL_MS = 5 * 60_000;
/** Challenges waiting at once; the oldest are dropped beyond that (anyone may ask for one). */
const MAX_PENDING_CHALLENGES = 1_000;

interface Pending {
  purpose: 'register' | 'sign-in';
  /** Registration: the user it was made for. */
  uid?: string;
  expires: number;
}

/** The relying party: PUBLIC_URL's host and origin, else the request's own (decision 106). */
function relyingParty(req: Request, publicUrl: string | undefined): { rpID: string; origin: string } {
  if (publicUrl) {
    const url = new URL(publicUrl);
    return { rpID: url.hostname, origin: url.origin };
  }
  return { rpID: req.hostname, origin: `${req.protocol}://${req.get('host') ?? req.hostname}` };
}

/**
 * Passkeys through @simplewebauthn/server (decision 106): registered on the account page, used
 * on the login page instead of the password (and the second step: a passkey with user
 * verification is two factors in itself). Each challenge is kept here, in memory, and taken on
 * first use, so a replayed response finds none; the library refuses a wrong origin or RP ID, a bad
 * signature and a counter that did not go up.
 */
export class Passkeys {
  private readonly challenges = new Map<string, Pending>();

  constructor(
    private readonly accounts: AccountFile,
    private readonly publicUrl: string | undefined,
    private readonly now: () => number = Date.now,
  ) {}

  private remember(challenge: string, pending: Omit<Pending, 'expires'>): void {
    for (const [key, value] of this.challenges) if (value.expires < this.now()) this.challenges.delete(key);
    while (this.challenges.size >= MAX_PENDING_CHALLENGES) {
      const oldest = this.challenges.keys().next().value;
      if (oldest === undefined) break;
      this.challenges.delete(oldest);
    }
    this.challenges.set(challenge, { ...pending, expires: this.now() + CHALLENGE_TTL_MS });
  }

  /** Takes the challenge: true once, if it was issued for this purpose (and user) and is not stale. */
  private take(challenge: string, purpose: Pending['purpose'], uid?: string): boolean {
    const pending = this.challenges.get(challenge);
    this.challenges.delete(challenge);
    return !!pending && pending.purpose === purpose && pending.uid === uid && pending.expires >= this.now();
  }

  list(user: User): ListedPasskey[] {
    return (this.accounts.get(user.id).passkeys ?? []).map(({ id, name, createdAt, lastUsedAt }) => ({
      id,
      name,
      createdAt,
      lastUsedAt: lastUsedAt ?? null,
    }));
  }

  async registrationOptions(user: User, req: Request) {
    const { rpID } = relyingParty(req, this.publicUrl);
    const { generateRegistrationOptions } = await loadWebAuthn();
    const options = await generateRegistrationOptions({
      rpName: brand.full,
      rpID,
      userName: user.username,
      userID: new TextEncoder().encode(user.id),
      attestationType: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      excludeCredentials: (this.accounts.get(user.id).passkeys ?? []).map((key) => ({
        id: key.id,
        ...(key.transports ? { transports: key.transports as never } : {}),
      })),
    });
    this.remember(options.challenge, { purpose: 'register', uid: user.id });
    return options;
  }

  /** Verifies and keeps a new passkey; false if the response is not good. */
  async register(
    user: User,
    req: Request,
    response: RegistrationResponseJSON,
    name: string,
  ): Promise<boolean> {
    const { rpID, origin } = relyingParty(req, this.publicUrl);
    const { verifyRegistrationResponse } = await loadWebAuthn();
    let info: Awaited<ReturnType<typeof verifyRegistrationResponse>>['registrationInfo'];
    try {
      const result = await verifyRegistrationResponse({
        response,
        expectedChallenge: (challenge) => this.take(challenge, 'register', user.id),
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: true,
      });
      if (!result.verified) return false;
      info = result.registrationInfo;
    } catch {
      return false;
    }
    const { credential } = info;
    const record: PasskeyRecord = {
      id: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      ...(credential.transports ? { transports: credential.transports } : {}),
      name,
      createdAt: new Date(this.now()).toISOString(),
    };
    await this.accounts.change(user.id, (current) => [
      { ...current, passkeys: [...(current.passkeys ?? []).filter((key) => key.id !== record.id), record] },
      undefined,
    ]);
    return true;
  }

  /** Removes one; false if she has no such passkey. Her password stays, so it is never the last way in. */
  /** The removed passkey's name, or null when there was none with that id. */
  async remove(user: User, id: string): Promise<string | null> {
    return this.accounts.change(user.id, (current) => {
      const passkeys = current.passkeys ?? [];
      const removed = passkeys.find((key) => key.id === id);
      if (!removed) return [current, null];
      return [{ ...current, passkeys: passkeys.filter((key) => key.id !== id) }, removed.name];
    });
  }

  async authenticationOptions(req: Request) {
    const { rpID } = relyingParty(req, this.publicUrl);
    // No allowCredentials: the passkey names its user (discoverable), and the page says nothing of who has one.
    const { generateAuthenticationOptions } = await loadWebAuthn();
    const options = await generateAuthenticationOptions({ rpID, userVerification: 'required' });
    this.remember(options.challenge, { purpose: 'sign-in' });
    return options;
  }

  /** The user a credential id belongs to, if any. */
  ownerOf(credentialId: string): string | undefined {
    for (const [uid, record] of Object.entries(this.accounts.all()))
      if (record.passkeys?.some((key) => key.id === credentialId)) return uid;
    return undefined;
  }

  /** Verifies a sign-in with the passkey of `user`; its counter and last use are stored before true. */
  async authenticate(user: User, req: Request, response: AuthenticationResponseJSON): Promise<boolean> {
    const key = this.accounts.get(user.id).passkeys?.find((each) => each.id === response.id);
    if (!key) return false;
    const { rpID, origin } = relyingParty(req, this.publicUrl);
    const { verifyAuthenticationResponse } = await loadWebAuthn();
    let newCounter: number;
    try {
      const result = await verifyAuthenticationResponse({
        response,
        expectedChallenge: (challenge) => this.take(challenge, 'sign-in'),
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: true,
        credential: {
          id: key.id,
          publicKey: new Uint8Array(Buffer.from(key.publicKey, 'base64url')),
          counter: key.counter,
          ...(key.transports ? { transports: key.transports } : {}),
        },
      });
      if (!result.verified) return false;
      newCounter = result.authenticationInfo.newCounter;
    } catch {
      return false;
    }
    await this.accounts.change(user.id, (current) => [
      {
        ...current,
        passkeys: (current.passkeys ?? []).map((each) =>
          each.id === key.id
            ? { ...each, counter: newCounter, lastUsedAt: new Date(this.now()).toISOString() }
            : each,
        ),
      },
      undefined,
    ]);
    return true;
  }
}
