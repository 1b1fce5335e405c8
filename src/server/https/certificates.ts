import { X509Certificate } from 'node:crypto';
import type { Client } from 'acme-client';
import type { z } from 'zod';
import type { HttpsStatus } from '../../shared/https';
import type { httpsCertificateSchema } from '../../storage/file-schemas';
import type { JsonDocument } from '../../storage/json-document';
import type { HttpsConfig } from '../core/https-config';
import { loadOnce } from '../core/load-once';
import type { Logger } from '../core/log';
import { explainAcmeProblem } from './acme-problems';

type CertificateDocument = JsonDocument<typeof httpsCertificateSchema>;
type Kept = z.output<typeof httpsCertificateSchema>;
type KeptCertificate = NonNullable<Kept['certificate']>;

/** What the HTTPS server answers with: the key and the chain, PEM. */
export interface ServedCertificate {
  key: string;
  chain: string;
}

/** Retries of a failed order: 1, 5, 15 minutes, 1 and 3 hours, then every 6 hours (decision 122). */
const RETRY_DELAYS_MS = [60_000, 300_000, 900_000, 3_600_000, 10_800_000, 21_600_000];
/** The dashboard warns (and the email goes) from this long before expiry, when renewal fails. */
const WARN_BEFORE_MS = 14 * 86_400_000;
/** Timers are re-armed at most this far ahead (setTimeout's limit is 24.8 days). */
const LONGEST_TIMER_MS = 6 * 3_600_000;
/** An ACME request that hangs is given up after this long (acme-client's axios has no limit). */
const ACME_REQUEST_TIMEOUT_MS = 30_000;

/** acme-client (and its X.509 and ASN.1 packages) is loaded at the first order, not at each start. */
const loadAcme = loadOnce(async () => {
  const acme = await import('acme-client');
  acme.axios.defaults.timeout = ACME_REQUEST_TIMEOUT_MS;
  return acme;
});

/** Renewal starts when a third of the lifetime is left. */
function renewalTime(certificate: Pick<KeptCertificate, 'notBefore' | 'notAfter'>): number {
  const from = Date.parse(certificate.notBefore);
  const to = Date.parse(certificate.notAfter);
  return to - (to - from) / 3;
}

export interface CertificatesDeps {
  config: HttpsConfig;
  document: CertificateDocument;
  logger: Logger;
  /** A renewal has failed within WARN_BEFORE_MS of expiry: once per failing stretch. */
  onWarning?: (status: HttpsStatus) => void;
}

/**
 * The certificate's lifecycle: the one kept in DATA_DIR is used at once; a missing one, one for
 * another domain or ACME server, or one with a third of its lifetime left is ordered (HTTP-01,
 * answered by `challenge`), written durably, then handed to `onCertificate`. A failed order keeps
 * the current certificate and is tried again after RETRY_DELAYS_MS.
 */
export class Certificates {
  private readonly challenges = new Map<string, string>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private failures = 0;
  private problem: string | undefined;
  private problemSince: string | undefined;
  private nextAttempt: number | undefined;
  private warned = false;
  private onCertificate: (certificate: ServedCertificate) => void = () => {};

  constructor(private readonly deps: CertificatesDeps) {}

  /** The kept certificate when it is for DOMAIN (even if old: better than none while renewing). */
  current(): ServedCertificate | undefined {
    const kept = this.deps.document.data.certificate;
    if (!kept || kept.domain !== this.deps.config.domain) return undefined;
    return { key: kept.key, chain: kept.chain };
  }

  /** The key authorization for an HTTP-01 token of an order under way. */
  challenge(token: string): string | undefined {
    return this.challenges.get(token);
  }

  status(now = Date.now()): HttpsStatus {
    const kept = this.current() ? this.deps.document.data.certificate : undefined;
    const notAfter = kept?.notAfter;
    const failing = this.problem !== undefined;
    return {
      domain: this.deps.config.domain,
      state: !kept ? 'waiting' : failing ? 'failing' : 'valid',
      notAfter: notAfter ?? null,
      problem: this.problem ?? null,
      problemSince: this.problemSince ?? null,
      nextAttempt: this.nextAttempt === undefined ? null : new Date(this.nextAttempt).toISOString(),
      warning: Boolean(kept && failing && notAfter && Date.parse(notAfter) - now <= WARN_BEFORE_MS),
    };
  }

  /**
   * Hands the kept certificate (if any) to `onCertificate`, and each new one after it (the first
   * order, a renewal); schedules what it needs next.
   */
  start(onCertificate: (certificate: ServedCertificate) => void): void {
    this.onCertificate = onCertificate;
    const served = this.current();
    if (served) {
      const kept = this.deps.document.data.certificate as KeptCertificate;
      this.deps.logger.info('https certificate', {
        domain: kept.domain,
        notAfter: kept.notAfter,
        from: 'DATA_DIR',
      });
      this.onCertificate(served);
      this.schedule(this.upToDate(kept) ? renewalTime(kept) : Date.now());
    } else {
      this.schedule(Date.now());
    }
  }

  /**
   * No new order. One under way is not waited for: acme-client retries an unreachable authority
   * for over a minute, longer than a shutdown may take; its late result is dropped (and the
   * document, closed with the storage, takes no more writes).
   */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private upToDate(kept: KeptCertificate): boolean {
    return kept.domain === this.deps.config.domain && kept.directoryUrl === this.deps.config.directoryUrl;
  }

  private schedule(at: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.nextAttempt = at;
    const wait = Math.max(0, Math.min(at - Date.now(), LONGEST_TIMER_MS));
    this.timer = setTimeout(() => {
      if (Date.now() < at) return this.schedule(at);
      void this.attempt();
    }, wait);
    this.timer.unref();
  }

  private async attempt(): Promise<void> {
    const { config, logger } = this.deps;
    const renewing = this.current() !== undefined;
    logger.info('https order', { domain: config.domain, renewing, directory: config.directoryUrl });
    try {
      const certificate = await this.order();
      if (this.stopped) return;
      await this.deps.document.change((data) => [{ ...data, certificate }, null]);
      this.failures = 0;
      this.problem = undefined;
      this.problemSince = undefined;
      this.warned = false;
      logger.info('https certificate', {
        domain: certificate.domain,
        notAfter: certificate.notAfter,
        from: 'ACME',
      });
      this.onCertificate({ key: certificate.key, chain: certificate.chain });
      this.schedule(renewalTime(certificate));
    } catch (error) {
      if (this.stopped) return;
      const delay = RETRY_DELAYS_MS[Math.min(this.failures, RETRY_DELAYS_MS.length - 1)] as number;
      this.failures += 1;
      this.problem = explainAcmeProblem(error, config);
      this.problemSince ??= new Date().toISOString();
      this.schedule(Date.now() + delay);
      logger.error('https certificate not obtained', {
        domain: config.domain,
        problem: this.problem,
        keeps: renewing ? 'the current certificate' : 'answering plain http with the set-up page',
        retryInSeconds: Math.round(delay / 1000),
      });
      const status = this.status();
      if (status.warning && !this.warned) {
        this.warned = true;
        this.deps.onWarning?.(status);
      }
    }
  }

  /** The ACME account's key (made once per directory, kept before it is used) and its URL. */
  private async account(): Promise<{ key: string; url: string | undefined }> {
    const { directoryUrl } = this.deps.config;
    const kept = this.deps.document.data.account;
    if (kept && kept.directoryUrl === directoryUrl) return { key: kept.key, url: kept.url };
    const { crypto } = await loadAcme();
    const key = (await crypto.createPrivateEcdsaKey('P-256')).toString();
    await this.deps.document.change((data) => [{ ...data, account: { directoryUrl, key } }, null]);
    return { key, url: undefined };
  }

  private async client(key: string, url: string | undefined): Promise<Client> {
    const { Client } = await loadAcme();
    return new Client({
      directoryUrl: this.deps.config.directoryUrl,
      accountKey: key,
      ...(url ? { accountUrl: url } : {}),
      // Polls the order every second at first (acme-client's default starts at 5 s), backing off.
      backoffMin: 1_000,
      backoffMax: 10_000,
    });
  }

  private async order(): Promise<KeptCertificate> {
    const { domain, email, directoryUrl } = this.deps.config;
    const account = await this.account();
    let client = await this.client(account.key, account.url);
    // A new key for each certificate: a key that leaked with an old one dies with it.
    const { crypto } = await loadAcme();
    const key = (await crypto.createPrivateEcdsaKey('P-256')).toString();
    const [, csr] = await crypto.createCsr({ commonName: domain, altNames: [domain] }, key);
    const auto = (with_: Client) =>
      with_.auto({
        csr,
        ...(email ? { email } : {}),
        // Setting DOMAIN is the operator's agreement to the authority's terms (README, decision 122).
        termsOfServiceAgreed: true,
        challengePriority: ['http-01'],
        // acme-client's own check fetches http://DOMAIN:80 through this machine's DNS, which may
        // differ from the world's (and from a test's); the authority's check is the one that counts.
        skipChallengeVerification: true,
        challengeCreateFn: async (_authz, challenge, keyAuthorization) => {
          this.challenges.set(challenge.token, keyAuthorization);
        },
        challengeRemoveFn: async (_authz, challenge) => {
          this.challenges.delete(challenge.token);
        },
      });
    let chain: string;
    try {
      chain = await auto(client);
    } catch (error) {
      // An account the authority no longer knows (closed, or a test server restarted): made again
      // with the same key, once.
      if (!account.url || !/account\b.*\b(not found|does not exist)|accountDoesNotExist/i.test(String(error)))
        throw error;
      client = await this.client(account.key, undefined);
      chain = await auto(client);
    }
    const url = client.getAccountUrl();
    if (url !== account.url)
      await this.deps.document.change((data) => [
        { ...data, account: { directoryUrl, key: account.key, url } },
        null,
      ]);
    const leaf = new X509Certificate(chain);
    if (leaf.checkHost(domain) === undefined)
      throw new Error(`the certificate received is not for ${domain}`);
    return {
      domain,
      directoryUrl,
      key,
      chain,
      notBefore: new Date(leaf.validFrom).toISOString(),
      notAfter: new Date(leaf.validTo).toISOString(),
    };
  }
}
