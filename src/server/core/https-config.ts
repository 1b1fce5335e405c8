import { isIP } from 'node:net';
import { z } from 'zod';
import { port } from './config-values';

/**
 * HTTPS by itself (decision 122): with DOMAIN set, the server listens on HTTP_PORT and HTTPS_PORT,
 * gets its certificate from the ACME server at ACME_DIRECTORY_URL (Let's Encrypt by default) and
 * renews it. Without DOMAIN, nothing here applies and the server runs as it always has (PORT,
 * behind a proxy with TRUST_PROXY).
 */

export const LETSENCRYPT_PRODUCTION = 'https://acme-v02.api.letsencrypt.org/directory';
const LETSENCRYPT_STAGING = 'https://acme-staging-v02.api.letsencrypt.org/directory';

export interface HttpsConfig {
  /** The one name the certificate is for, lower case. */
  domain: string;
  /** Given to the ACME server for its expiry reminders; optional. */
  email: string | undefined;
  directoryUrl: string;
  httpPort: number;
  httpsPort: number;
  /** https://DOMAIN (with HTTPS_PORT when not 443), or PUBLIC_URL when it names the same host. */
  publicUrl: string;
}

/** A public DNS name: letters, digits and inner hyphens, at least two labels, no IP address. */
const DOMAIN_NAME = /^(?=.{1,253}$)([a-z\d]([a-z\d-]{0,61}[a-z\d])?\.)+[a-z]([a-z\d-]{0,61}[a-z\d])?$/;

const domain = z
  .string()
  .trim()
  .transform((text) => text.toLowerCase().replace(/\.$/, ''))
  .refine(
    (text) => isIP(text) === 0 && DOMAIN_NAME.test(text),
    'expected the domain name the site is reached at, like saguarodoodles.com (no https://, no port, no path; not an IP address)',
  );

export const httpsSchema = z.object({
  DOMAIN: domain.optional(),
  ACME_EMAIL: z
    .email('expected an email address (the certificate authority writes to it about expiry)')
    .optional(),
  ACME_DIRECTORY_URL: z
    .url({
      protocol: /^https?$/,
      error: `expected the URL of an ACME directory, like ${LETSENCRYPT_STAGING}`,
    })
    .default(LETSENCRYPT_PRODUCTION),
  HTTP_PORT: port.default(80),
  HTTPS_PORT: port.default(443),
});

type HttpsVariables = z.output<typeof httpsSchema> & {
  TRUST_PROXY: unknown;
  PUBLIC_URL?: string | undefined;
};

/** Checks across variables, each naming what to change; none apply without DOMAIN. */
export function httpsProblems(v: HttpsVariables, trustProxySet: boolean): string[] {
  if (!v.DOMAIN) return [];
  const problems: string[] = [];
  if (v.HTTP_PORT === v.HTTPS_PORT)
    problems.push('HTTP_PORT and HTTPS_PORT: expected two different ports (the defaults are 80 and 443)');
  if (v.HTTP_PORT === 0 || v.HTTPS_PORT === 0)
    problems.push(
      'HTTP_PORT and HTTPS_PORT: expected fixed ports (the certificate authority connects to HTTP_PORT)',
    );
  // With DOMAIN the server is the edge: a forwarded address or protocol would come from anyone.
  if (trustProxySet)
    problems.push(
      'TRUST_PROXY: not used with DOMAIN (the server answers HTTPS itself, with no proxy in front); remove it, or remove DOMAIN to run behind a proxy',
    );
  if (v.PUBLIC_URL) {
    const url = new URL(v.PUBLIC_URL);
    if (url.protocol !== 'https:' || url.hostname !== v.DOMAIN)
      problems.push(`PUBLIC_URL: expected https://${v.DOMAIN} (or leave it unset: it follows DOMAIN)`);
  }
  return problems;
}

export function toHttpsConfig(v: HttpsVariables): HttpsConfig | undefined {
  if (!v.DOMAIN) return undefined;
  const derived = `https://${v.DOMAIN}${v.HTTPS_PORT === 443 ? '' : `:${v.HTTPS_PORT}`}`;
  return {
    domain: v.DOMAIN,
    email: v.ACME_EMAIL,
    directoryUrl: v.ACME_DIRECTORY_URL,
    httpPort: v.HTTP_PORT,
    httpsPort: v.HTTPS_PORT,
    publicUrl: v.PUBLIC_URL ?? derived,
  };
}
