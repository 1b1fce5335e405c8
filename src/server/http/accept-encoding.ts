export type Encoding = 'br' | 'gzip' | 'identity';

const preference: Encoding[] = ['br', 'gzip', 'identity'];

/**
 * The encoding to send a body in, from the request's Accept-Encoding (RFC 9110 12.5.3): the one
 * with the highest q-value, brotli before gzip before identity on a tie; identity when the header
 * is absent, or when nothing listed is acceptable (a 406 would help no one). Written out here
 * because the hot path runs it on every request, and the common headers ("gzip, deflate, br, zstd")
 * need no more than a split.
 */
export function preferredEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity';
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [token = '', ...params] = part.split(';');
    const name = token.trim().toLowerCase();
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=');
      if (key?.trim().toLowerCase() === 'q') q = Number(value?.trim());
    }
    if (!Number.isFinite(q) || q < 0 || q > 1) q = 0;
    weights.set(name, Math.max(q, weights.get(name) ?? 0));
  }
  const star = weights.get('*');
  // Unlisted: "*" decides; without it, identity stays acceptable, below anything listed.
  const weight = (encoding: Encoding) =>
    weights.get(encoding) ?? star ?? (encoding === 'identity' ? 0.001 : 0);
  let best: Encoding = 'identity';
  let bestWeight = 0;
  for (const encoding of preference) {
    const w = weight(encoding);
    if (w > bestWeight) {
      best = encoding;
      bestWeight = w;
    }
  }
  return best;
}
