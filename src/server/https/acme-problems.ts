/**
 * What went wrong getting a certificate, in the words an operator acts on. The ACME server's own
 * detail (acme-client passes on only the problem's text, not its type) is kept at the end, quoted,
 * for a search or a support forum.
 */

interface Where {
  domain: string;
  httpPort: number;
  directoryUrl: string;
}

const NETWORK_CODES = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ECONNABORTED',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

function detailOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // One line, and never longer than a log line should be.
  return message.replace(/\s+/g, ' ').trim().slice(0, 500);
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** One sentence (or two) saying what happened and what to do, then the authority's own words. */
export function explainAcmeProblem(error: unknown, where: Where): string {
  const detail = detailOf(error);
  const said = detail ? ` (the certificate authority said: "${detail}")` : '';
  const { domain } = where;
  const port = where.httpPort === 80 ? 'port 80' : `port ${where.httpPort}`;
  const code = codeOf(error);
  // The authority itself could not be reached: nothing was asked of it.
  if (code && NETWORK_CODES.has(code))
    return `The certificate authority at ${where.directoryUrl} could not be reached (${code}): check this server's internet connection and ACME_DIRECTORY_URL.${said}`;
  if (
    /self[- ]signed|unable to verify the first certificate|certificate has expired|UNABLE_TO_GET_ISSUER/i.test(
      detail,
    )
  )
    return `The certificate authority at ${where.directoryUrl} could not be reached safely (its own HTTPS certificate is not trusted): check ACME_DIRECTORY_URL.${said}`;
  if (/rate ?limit|too many (certificates|failed|new orders|registrations|requests)/i.test(detail))
    return `The certificate authority's rate limit was hit for ${domain}: it refuses new certificates for a while (Let's Encrypt: 5 per week for the same domain, 5 failed validations an hour). The server tries again by itself later; while testing, use the staging server (ACME_DIRECTORY_URL).${said}`;
  if (/CAA/.test(detail))
    return `${domain}'s DNS has a CAA record that does not allow this certificate authority: remove it or add the authority to it at your DNS provider.${said}`;
  if (
    /NXDOMAIN|no valid (A|AAAA|IP)|DNS problem|SERVFAIL|could not resolve|no such host|NOERROR looking up/i.test(
      detail,
    )
  )
    return `The domain's DNS does not point here: the certificate authority found no address for ${domain}. At your DNS provider, add an A record (and AAAA for IPv6) for ${domain} with this server's public address, wait a few minutes, and the server tries again by itself.${said}`;
  if (
    /policy forbids|forbidden by policy|rejectedIdentifier|cannot issue for|blocked|not allowed|invalid identifier|public suffix/i.test(
      detail,
    )
  )
    return `The certificate authority refuses to issue a certificate for ${domain}: check that DOMAIN is the site's own public name (not an IP address, not a name of your local network).${said}`;
  if (/invalid response|unauthorized|key ?authorization|404|403|incorrect/i.test(detail))
    return `Another server answered for ${domain} on ${port}: the domain's DNS does not point here (an old host or a parking page still has it). Point its A/AAAA records at this server, and check that nothing else (a proxy, another container) takes ${port}.${said}`;
  if (/connection refused|timeout|timed out|connection reset|connect|unreachable|no route/i.test(detail)) {
    // Let's Encrypt and pebble name the address they tried ("dial tcp 203.0.113.7:80", "203.0.113.7: Timeout").
    const address = detail.match(/(?:dial tcp |\b)(\d{1,3}(?:\.\d{1,3}){3}|\[[\da-f:]+\])(?::\d+)?\b/i)?.[1];
    const tried = address
      ? ` It tried ${address}, the address DNS gives for ${domain}: if that is not this server's public address, the domain's DNS does not point here.`
      : '';
    return `The certificate authority could not connect to ${domain} on ${port}.${tried} Check that the domain's DNS A/AAAA records point to this server and that ${port} is open in its firewall (and published by Docker).${said}`;
  }
  if (/account|termsOfService|agreement/i.test(detail))
    return `The certificate authority refused the account${where.directoryUrl ? ` at ${where.directoryUrl}` : ''}: check ACME_EMAIL (a real address) and ACME_DIRECTORY_URL.${said}`;
  return `The certificate authority did not issue a certificate for ${domain}.${said}`;
}
