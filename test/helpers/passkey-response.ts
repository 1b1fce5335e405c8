import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';

/**
 * A passkey registration as an authenticator would answer it (attestation "none", user present
 * and verified), made here without a browser: for tests that add and remove passkeys over HTTP.
 */
export function passkeyRegistration(options: { challenge: string; rpId: string; origin: string }) {
  const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const coseKey = new Map<number, number | Uint8Array>([
    [1, 2], // kty: EC2
    [3, -7], // alg: ES256
    [-1, 1], // crv: P-256
    [-2, Buffer.from(jwk.x ?? '', 'base64url')],
    [-3, Buffer.from(jwk.y ?? '', 'base64url')],
  ]);
  const credentialId = randomBytes(16);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(credentialId.length);
  const authData = Buffer.concat([
    createHash('sha256').update(options.rpId).digest(),
    Buffer.from([0x45]), // user present, user verified, attested credential data
    Buffer.alloc(4), // signature counter
    Buffer.alloc(16), // AAGUID
    length,
    credentialId,
    cbor(coseKey),
  ]);
  const attestationObject = cbor(
    new Map<string, unknown>([
      ['fmt', 'none'],
      ['attStmt', new Map()],
      ['authData', authData],
    ]),
  );
  const clientDataJSON = Buffer.from(
    JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin: options.origin }),
  );
  const id = credentialId.toString('base64url');
  return {
    id,
    rawId: id,
    type: 'public-key',
    clientExtensionResults: {},
    response: {
      clientDataJSON: clientDataJSON.toString('base64url'),
      attestationObject: attestationObject.toString('base64url'),
      transports: ['internal'],
    },
  };
}

/** The few CBOR types a registration needs (RFC 8949): integers, bytes, text, maps. */
function cbor(value: unknown): Buffer {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    const two = Buffer.alloc(3);
    two[0] = (major << 5) | 25;
    two.writeUInt16BE(n, 1);
    return two;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Map)
    return Buffer.concat([
      head(5, value.size),
      ...[...value.entries()].flatMap(([key, item]) => [cbor(key), cbor(item)]),
    ]);
  throw new Error(`cbor: cannot encode ${typeof value}`);
}
