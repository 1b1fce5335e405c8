import { createHash, randomBytes } from 'node:crypto';

/**
 * A family link's token: 32 random bytes (256 bits) in base64url, 43 characters. Only its SHA-256
 * is stored: a token this random cannot be guessed from its hash, so a plain hash (no salt, no
 * slow hash) is enough, and a lookup is one hash (decision 114).
 */
export const newToken = (): string => randomBytes(32).toString('base64url');

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A token's shape: anything else is refused before it is hashed. */
export const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
